import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { contactCreatedSchema } from "@common/contract/contact";
import type { PublicUser } from "@common/contract/users";
import type { ContactRequest } from "@common/contact";
import { formatQuoteMessage, type QuoteForm } from "@common/quotes";
import type { SiteBoundary } from "@common/site-boundary";
import { send } from "@/lib/api";
import { quoteKeys } from "@/api/quotes";
import { saveSiteBoundary } from "@/api/site-boundary";

// docs/product.md §8, quotes: the toast always reads QUOTE_SUBMIT_FAILED; the full page also shows why.
export const QUOTE_SUBMIT_FAILED = "There was an error submitting your request. Please try again.";
export const QUOTE_INVALID_RESPONSE = "Server returned an invalid response. Please try logging out and back in.";
export const QUOTE_LOGIN_REQUIRED = "You must be logged in to submit a quote request";
export const QUOTE_NETWORK_ERROR = "There was a problem connecting to the server. Please try again later.";

/** A failed submission; the message says why, in words a customer can act on. */
export class QuoteSubmitError extends Error {
  override name = "QuoteSubmitError";
}

const MIN_NAME_LENGTH = 2;

/** The contact message a quote travels as (docs/product.md §7): the user's name and e-mail, the service, the formatted message. */
export function quoteContactRequest(values: QuoteForm, user: PublicUser): ContactRequest {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return {
    // The contact schema wants at least two characters; a username always has three.
    name: fullName.length >= MIN_NAME_LENGTH ? fullName : user.username,
    email: user.email,
    service: values.serviceType.trim(),
    message: formatQuoteMessage(values),
  };
}

/** POST /api/contact with a quote; resolves to the id of the job it opened once the server has stored it, else throws QuoteSubmitError. */
export async function submitQuote(values: QuoteForm, user: PublicUser): Promise<number | undefined> {
  const answer = await send<z.input<typeof contactCreatedSchema>>("POST", "/api/contact", { body: quoteContactRequest(values, user) });
  if (answer.ok) return answer.data.data?.jobId;
  if (answer.status === null) throw new QuoteSubmitError(QUOTE_NETWORK_ERROR);
  if (answer.status === 401) throw new QuoteSubmitError(QUOTE_LOGIN_REQUIRED);
  // An HTML page where JSON was due usually means a stale session behind a proxy or an old tab.
  if (answer.body === undefined) throw new QuoteSubmitError(QUOTE_INVALID_RESPONSE);
  throw new QuoteSubmitError(answer.message ?? QUOTE_SUBMIT_FAILED);
}

/** A quote as the form sends it: its fields, and the site drawn on the map if any. */
export interface QuoteSubmission {
  values: QuoteForm;
  boundary: SiteBoundary | null;
}

/** The quote was stored; its boundary was saved on the job it opened (true), was not (false), or none was drawn (null). */
export interface QuoteSubmitted {
  boundarySaved: boolean | null;
}

/**
 * Submits a quote, then stores the site drawn with it on the job the quote opened (PUT
 * /api/jobs/:id/site-boundary), and refreshes "My Quotes" so the new request shows as Pending
 * Review. The quote counts as sent whatever becomes of its boundary: the customer may draw it
 * again on the job's page.
 */
export function useSubmitQuote(user: PublicUser) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, boundary }: QuoteSubmission): Promise<QuoteSubmitted> => {
      const jobId = await submitQuote(values, user);
      if (!boundary) return { boundarySaved: null };
      return { boundarySaved: jobId !== undefined && (await saveSiteBoundary(jobId, boundary)).ok };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
