import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PublicUser } from "@common/contract/users";
import type { ContactRequest } from "@common/contact";
import { formatQuoteMessage, type QuoteForm } from "@common/quotes";
import { send } from "@/lib/api";
import { QUOTES_QUERY_KEY } from "@/lib/quotes";

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

/** POST /api/contact with a quote; resolves once the server has stored it, else throws QuoteSubmitError. */
export async function submitQuote(values: QuoteForm, user: PublicUser): Promise<void> {
  const answer = await send("POST", "/api/contact", { body: quoteContactRequest(values, user) });
  if (answer.ok) return;
  if (answer.status === null) throw new QuoteSubmitError(QUOTE_NETWORK_ERROR);
  if (answer.status === 401) throw new QuoteSubmitError(QUOTE_LOGIN_REQUIRED);
  // An HTML page where JSON was due usually means a stale session behind a proxy or an old tab.
  if (answer.body === undefined) throw new QuoteSubmitError(QUOTE_INVALID_RESPONSE);
  throw new QuoteSubmitError(answer.message ?? QUOTE_SUBMIT_FAILED);
}

/** Submits a quote and refreshes "My Quotes" so the new request shows as Pending Review. */
export function useSubmitQuote(user: PublicUser) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: QuoteForm) => submitQuote(values, user),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUOTES_QUERY_KEY }),
  });
}
