import { and, count, desc, eq, not, type SQL, sql } from "drizzle-orm";
import type { ContactRequest } from "@common/contact";
import { personName } from "@common/person-name";
import { parseQuoteMessage, QUOTE_PREFIX } from "@common/quotes";
import type { Database } from "../db/client";
import { containsText } from "../db/search";
import { contactSubmissions, jobs, quotes, type User } from "../db/schema";
import { DomainError } from "../domain-errors";
import { openJobForQuote } from "../jobs/move-job";

type Submission = Omit<ContactRequest, "website">;

// isQuoteMessage in SQL: the quote line after any leading white space (docs/product.md §3).
const isQuoteRow = sql`${contactSubmissions.message} ~ ${`^\\s*${QUOTE_PREFIX}`}`;

/** The submissions of one kind (inquiries or quote requests) holding the words searched for. */
function contactFilter(kind: "message" | "quote" | undefined, q: string | undefined): SQL | undefined {
  const ofKind = kind === undefined ? undefined : kind === "quote" ? isQuoteRow : not(isQuoteRow);
  const words = q ? containsText(q, [contactSubmissions.name, contactSubmissions.email, contactSubmissions.phone, contactSubmissions.message]) : undefined;
  return and(ofKind, words);
}

const NOT_SENT = "Your message could not be sent just now. Please try again in a moment.";

/**
 * Queues the admins' mail about a submission just stored. The queue cannot share the insert's
 * transaction (server/queue/queue.ts), so when the mail cannot be stored the submission is taken
 * back (its quote goes with it; its job is removed) and the request fails with 503: nothing is
 * acknowledged that nobody will hear of, and the sender's retry makes no second copy.
 */
export async function notifyOrWithdraw(db: Database, notify: () => Promise<void>, stored: { contactId: number; jobId?: number }): Promise<void> {
  try {
    await notify();
  } catch (error) {
    await db.transaction(async (tx) => {
      if (stored.jobId !== undefined) await tx.delete(jobs).where(eq(jobs.id, stored.jobId));
      await tx.delete(contactSubmissions).where(eq(contactSubmissions.id, stored.contactId));
    });
    throw new DomainError("unavailable", NOT_SENT, undefined, { cause: error });
  }
}

/** Stores an inquiry (a message that is not a quote request). */
export async function storeInquiry(db: Database, submission: Submission): Promise<{ id: number }> {
  const [row] = await db
    .insert(contactSubmissions)
    .values({ ...submission, phone: submission.phone || null })
    .returning({ id: contactSubmissions.id });
  if (!row) throw new Error("insert returned no contact submission");
  return row;
}

/**
 * Stores a signed-in customer's quote request: the message, the quote it holds (status pending)
 * and the job every quote request opens, tied to it (docs/product.md §10), in one transaction. The
 * account, not the form, says who is asking: the stored name and e-mail are the account's.
 */
export async function storeQuoteRequest(
  db: Database,
  user: User,
  submission: Submission,
): Promise<{ id: number; quoteId: number; jobId: number; name: string }> {
  const quote = parseQuoteMessage(submission.message);
  if (!quote) throw new DomainError("invalid", "Missing fields: Please fill in the service type and project description");
  const name = personName(user);
  return db.transaction(async (tx) => {
    const [contact] = await tx
      .insert(contactSubmissions)
      .values({ name, email: user.email, phone: submission.phone || null, service: submission.service, message: submission.message })
      .returning({ id: contactSubmissions.id });
    if (!contact) throw new Error("insert returned no contact submission");
    const [row] = await tx
      .insert(quotes)
      .values({ userId: user.id, contactSubmissionId: contact.id, ...quote })
      .returning({ id: quotes.id });
    if (!row) throw new Error("insert returned no quote");
    const jobId = await openJobForQuote(tx, { id: row.id, userId: user.id, serviceType: quote.serviceType });
    return { id: contact.id, quoteId: row.id, jobId, name };
  });
}

/** The submissions of one kind holding the words searched for: newest first, `window` of them or all, and how many match. */
export function submissionsMatching(db: Database, { kind, q }: { kind?: "message" | "quote" | undefined; q?: string | undefined }) {
  const where = contactFilter(kind, q);
  return {
    rows: async (window: { limit: number; offset: number } | null) => {
      const query = db.select().from(contactSubmissions).where(where).orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id));
      return window ? query.limit(window.limit).offset(window.offset) : query;
    },
    total: async () => {
      const [row] = await db.select({ total: count() }).from(contactSubmissions).where(where);
      return row?.total ?? 0;
    },
  };
}
