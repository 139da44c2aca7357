import { and, eq } from "drizzle-orm";
import { lookAlikeServiceMessage, paymentMessages, serviceNameKey, serviceNameSkeleton } from "@common/payments";
import { serviceLabel } from "@common/quotes";
import type { Database } from "../db/client";
import { quotes, services, type User } from "../db/schema";
import { DomainError } from "../domain-errors";

/** What one attempt charges, in cents, and the thing it pays for (at most one of quote and service). */
export interface Charge {
  description: string;
  amount: number;
  serviceId?: number;
  quoteId?: number;
}

export interface ChargeRequest {
  amount: number;
  service: string;
  quoteId?: number | undefined;
  serviceId?: number | undefined;
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
 * What is charged, decided here (docs/architecture.md §4): an accepted quote's price, a catalogue service's
 * price (chosen by id or by its exact name), or, for anything else, the whole dollars asked for.
 * Whether a quote is already paid is checked where attempts are made, under the customer's lock.
 */
export async function chargeFor(db: Database, user: User, input: ChargeRequest): Promise<Charge> {
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
