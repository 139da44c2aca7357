import { and, eq } from "drizzle-orm";
import { invoiceMessages } from "@common/invoices";
import { lookAlikeServiceMessage, serviceNameKey, serviceNameSkeleton } from "@common/payments";
import { paymentMessages } from "@common/checkout";
import { serviceLabel } from "@common/services-offered";
import { depositStanding, invoiceStanding } from "../billing/standing";
import type { Database } from "../db/client";
import { estimates, invoices, jobs, quotes, services, type User } from "../db/schema";
import { DomainError } from "../domain-errors";

/** What one attempt charges, in cents, and the thing it pays for (at most one of quote, service, estimate's deposit, invoice). */
export interface Charge {
  description: string;
  amount: number;
  /** Lower case, as Stripe names it: a deposit or an invoice in its estimate's or invoice's own; SPEC's services and quotes are priced in dollars. */
  currency?: string;
  serviceId?: number;
  quoteId?: number;
  estimateId?: number;
  invoiceId?: number;
}

export interface ChargeRequest {
  amount: number;
  service: string;
  quoteId?: number | undefined;
  serviceId?: number | undefined;
  estimateId?: number | undefined;
  invoiceId?: number | undefined;
}

/** What a deposit or an invoice is shown as, in the payments lists, at the provider and on the receipt. */
export const depositDescription = (jobId: number, revision: number) => `Deposit for Estimate #${jobId}${revision > 1 ? ` (revision ${revision})` : ""}`;
export const invoiceDescription = (number: string) => `Invoice ${number}`;

/**
 * What is left to pay on an estimate's deposit or an invoice, or why nothing can be paid now.
 * `settled`: nothing will ever be owed again (paid, void, no deposit), so an open attempt for it
 * is stale; a payment being processed may still fail, so it only refuses for now.
 */
export type Owed = { amount: number } | { refusal: string; settled: boolean };

/** The one rule of what a card may pay towards a deposit or an invoice (server/billing/standing.ts sums it). */
export async function owedOn(db: Database, towards: { estimateId: number } | { invoiceId: number }): Promise<Owed> {
  if ("estimateId" in towards) {
    const [estimate] = await db.select({ status: estimates.status }).from(estimates).where(eq(estimates.id, towards.estimateId));
    if (estimate?.status !== "accepted") return { refusal: paymentMessages.estimateNotAccepted, settled: false };
    const standing = await depositStanding(db, towards.estimateId);
    if (standing.due === 0) return { refusal: paymentMessages.noDeposit, settled: true };
    if (standing.balance === 0) return { refusal: paymentMessages.depositPaid, settled: true };
    if (standing.processing) return { refusal: paymentMessages.processing, settled: false };
    return { amount: standing.balance };
  }
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, towards.invoiceId));
  if (!invoice) throw new DomainError("not-found", invoiceMessages.notFound);
  if (invoice.status === "void") return { refusal: invoiceMessages.void, settled: true };
  const standing = await invoiceStanding(db, invoice);
  if (standing.balance === 0) return { refusal: paymentMessages.invoiceNotPayable, settled: true };
  if (standing.processing) return { refusal: paymentMessages.processing, settled: false };
  return { amount: standing.balance };
}

function owedAmount(owed: Owed): number {
  if ("refusal" in owed) throw new DomainError("conflict", owed.refusal);
  return owed.amount;
}

/** The customer's own accepted estimate's deposit, what is left of it. Another customer's estimate does not exist for them (404). */
async function depositCharge(db: Database, user: User, estimateId: number): Promise<Charge> {
  const [estimate] = await db
    .select({ jobId: estimates.jobId, revision: estimates.revision, currency: estimates.currency })
    .from(estimates)
    .innerJoin(jobs, eq(jobs.id, estimates.jobId))
    .where(and(eq(estimates.id, estimateId), eq(jobs.userId, user.id)));
  if (!estimate) throw new DomainError("not-found", "Estimate not found");
  const amount = owedAmount(await owedOn(db, { estimateId }));
  return { description: depositDescription(estimate.jobId, estimate.revision), amount, currency: estimate.currency, estimateId };
}

/** The customer's own invoice's balance (its deposit already counted). */
async function invoiceCharge(db: Database, user: User, invoiceId: number): Promise<Charge> {
  const [invoice] = await db
    .select({ number: invoices.number, currency: invoices.currency })
    .from(invoices)
    .innerJoin(jobs, eq(jobs.id, invoices.jobId))
    .where(and(eq(invoices.id, invoiceId), eq(jobs.userId, user.id)));
  if (!invoice) throw new DomainError("not-found", invoiceMessages.notFound);
  const amount = owedAmount(await owedOn(db, { invoiceId }));
  return { description: invoiceDescription(invoice.number), amount, currency: invoice.currency, invoiceId };
}

/**
 * The catalogue service a name stands for: matched by exact normalised name. A name that only
 * looks like one (Cyrillic "о" for "o", an invisible character) is refused rather than charged as a
 * custom amount under a name the customer would read as the catalogue's.
 */
async function catalogueMatch(db: Database, name: string) {
  const catalogue = await db.select().from(services).where(eq(services.active, true));
  const key = serviceNameKey(name);
  const exact = catalogue.find((service) => serviceNameKey(service.name) === key);
  if (exact) return exact;
  const skeleton = serviceNameSkeleton(name);
  const imitated = catalogue.find((service) => serviceNameSkeleton(service.name) === skeleton);
  if (imitated) {
    const message = lookAlikeServiceMessage(imitated.name);
    throw new DomainError("invalid", message, { service: message });
  }
  return null;
}

/**
 * What is charged, decided here (docs/architecture.md §4): what is left of an accepted estimate's
 * deposit, an invoice's balance, an accepted quote's price, a catalogue service's price (chosen by id
 * or by its exact name), or, for anything else, the whole dollars asked for. Whether a quote is
 * already paid is checked where attempts are made, under the customer's lock, where this runs again.
 */
export async function chargeFor(db: Database, user: User, input: ChargeRequest): Promise<Charge> {
  if (input.estimateId !== undefined) return depositCharge(db, user, input.estimateId);
  if (input.invoiceId !== undefined) return invoiceCharge(db, user, input.invoiceId);
  if (input.quoteId !== undefined) {
    const [quote] = await db
      .select()
      .from(quotes)
      .where(and(eq(quotes.id, input.quoteId), eq(quotes.userId, user.id)));
    if (!quote) throw new DomainError("not-found", "Quote not found");
    if (quote.status !== "accepted" || quote.price === null) throw new DomainError("conflict", paymentMessages.quoteNotPayable);
    return { description: `${serviceLabel(quote.serviceType)} (quote #${quote.id})`, amount: quote.price, quoteId: quote.id };
  }
  if (input.serviceId !== undefined) {
    const [service] = await db
      .select()
      .from(services)
      .where(and(eq(services.id, input.serviceId), eq(services.active, true)));
    if (!service) throw new DomainError("not-found", paymentMessages.serviceUnavailable);
    return { description: service.name, amount: service.price, serviceId: service.id };
  }
  const service = await catalogueMatch(db, input.service);
  if (service) return { description: service.name, amount: service.price, serviceId: service.id };
  return { description: input.service, amount: input.amount * 100 };
}
