import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import { type PaymentStatus } from "@common/payments";
import { paymentMessages } from "@common/checkout";
import { hashToken } from "../auth/tokens";
import type { Database } from "../db/client";
import { type Payment, payments, type User } from "../db/schema";
import { DomainError } from "../domain-errors";
import { type Charge, owedOn } from "./charge";
import { settlePayment } from "./ledger";
import type { PaymentProvider } from "./provider";

/**
 * A payment attempt's life (docs/decisions/0016-payment-attempts.md): opened when checkout asks
 * for a client secret, shown in the lists once the customer presses Pay (submitted_at), settled by
 * the provider, or cancelled when something replaces it. One customer's attempts are opened,
 * replaced and confirmed one at a time, on every instance, under one advisory lock.
 */

/** Attempts the customer can still pay: never pressed, or declined and open to another card (as Stripe allows). */
const OPEN_STATUSES: PaymentStatus[] = ["pending", "failed"];

// pg_advisory_xact_lock(space, key): the first number keeps these locks apart from any other's.
const ATTEMPT_LOCK_SPACE = 7_720_016;

/** Taken first in a transaction; released by its commit or rollback. */
export async function lockCustomerAttempts(tx: Database, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ATTEMPT_LOCK_SPACE}::int, ${userId}::int)`);
}

/** "The same thing": the same estimate's deposit, invoice, quote or catalogue service, or the same custom description and amount. */
function sameThing(userId: number, provider: PaymentProvider, charge: Charge): SQL | undefined {
  const open = [eq(payments.userId, userId), eq(payments.provider, provider.kind), isNull(payments.subscriptionId), inArray(payments.status, OPEN_STATUSES)];
  if (charge.estimateId !== undefined) return and(...open, eq(payments.estimateId, charge.estimateId));
  if (charge.invoiceId !== undefined) return and(...open, eq(payments.invoiceId, charge.invoiceId));
  if (charge.quoteId !== undefined) return and(...open, eq(payments.quoteId, charge.quoteId));
  if (charge.serviceId !== undefined) return and(...open, eq(payments.serviceId, charge.serviceId), isNull(payments.quoteId));
  return and(
    ...open,
    isNull(payments.serviceId),
    isNull(payments.quoteId),
    isNull(payments.estimateId),
    isNull(payments.invoiceId),
    eq(payments.description, charge.description),
    eq(payments.amount, charge.amount),
  );
}

/** Nobody can pay a replaced attempt any more: cancelled at the provider first, then in our records. */
async function supersede(tx: Database, provider: PaymentProvider, attempt: Payment): Promise<void> {
  if (attempt.provider === provider.kind) await provider.cancelPayment(attempt.providerPaymentId);
  await tx
    .update(payments)
    .set({ status: "canceled", failureMessage: null })
    .where(and(eq(payments.id, attempt.id), inArray(payments.status, OPEN_STATUSES)));
}

/** A quote is paid once: a succeeded payment refuses another, and so does one still being processed. */
async function quoteSettlement(tx: Database, quoteId: number, except?: number): Promise<string | null> {
  const settled = await tx
    .select({ status: payments.status })
    .from(payments)
    .where(
      and(eq(payments.quoteId, quoteId), inArray(payments.status, ["succeeded", "processing"]), except === undefined ? undefined : ne(payments.id, except)),
    );
  if (settled.some((payment) => payment.status === "succeeded")) return paymentMessages.quotePaid;
  return settled.length ? paymentMessages.quoteProcessing : null;
}

/**
 * Why an attempt towards a deposit or an invoice can no longer be paid, and whether it is stale:
 * the thing is paid (by another attempt, another tab, an admin's offline payment) or void, or what
 * is owed changed since the attempt was made (paying it would take the wrong amount).
 */
async function owedRefusal(tx: Database, attempt: Payment): Promise<{ refusal: string; stale: boolean } | null> {
  const towards = attempt.estimateId !== null ? { estimateId: attempt.estimateId } : attempt.invoiceId !== null ? { invoiceId: attempt.invoiceId } : null;
  if (!towards) return null;
  const owed = await owedOn(tx, towards);
  if ("refusal" in owed) return { refusal: owed.refusal, stale: owed.settled };
  return owed.amount === attempt.amount ? null : { refusal: paymentMessages.paymentCanceled, stale: true };
}

/**
 * Why the customer cannot pay this attempt, or null: already paid or cancelled, or for a quote, a
 * deposit or an invoice another attempt paid, in which case it is cancelled so no tab can pay it.
 * Call it under lockCustomerAttempts, and refuse (409) after the transaction commits, so the
 * cancellation stays.
 */
export async function unpayableReason(tx: Database, provider: PaymentProvider, attempt: Payment): Promise<string | null> {
  if (attempt.status === "succeeded") return paymentMessages.paymentDone;
  if (attempt.status === "canceled") return paymentMessages.paymentCanceled;
  if (attempt.quoteId !== null) {
    const refusal = await quoteSettlement(tx, attempt.quoteId, attempt.id);
    if (refusal === paymentMessages.quotePaid) await supersede(tx, provider, attempt);
    return refusal;
  }
  const owed = await owedRefusal(tx, attempt);
  if (owed?.stale) await supersede(tx, provider, attempt);
  return owed?.refusal ?? null;
}

export interface AttemptRequest {
  user: User;
  customerId: string;
  /**
   * What to charge, decided inside the attempt's transaction under the customer's lock, so a
   * deposit or an invoice paid a moment ago (another tab) is refused rather than charged again.
   */
  chargeOf(tx: Database): Promise<Charge>;
  /** Sent to the provider with the attempt; the ids of what it pays are added. */
  metadata: Record<string, string>;
  /** Runs only when a new attempt is about to be made (the per-customer limit); a reused one costs nothing. */
  beforeCreate(): Promise<void>;
}

export interface OpenedAttempt {
  paymentId: number;
  clientSecret: string;
  /** What the attempt charges: checkout shows this amount. */
  charge: Charge;
}

/** What the provider keeps with the attempt: who, what, and the ids of the thing paid for. */
function metadataOf(base: Record<string, string>, charge: Charge): Record<string, string> {
  const metadata: Record<string, string> = { ...base, service: charge.description };
  for (const key of ["quoteId", "serviceId", "estimateId", "invoiceId"] as const) {
    const value = charge[key];
    if (value !== undefined) metadata[key] = String(value);
  }
  return metadata;
}

// Each extra round follows an attempt the provider had already settled behind our back; two are plenty.
const MAX_ROUNDS = 3;

/**
 * The attempt checkout pays: the customer's open one for the same thing when there is one (so two
 * tabs confirm one payment), otherwise a new one. Made under the customer's lock, so two requests
 * at once still end with one attempt.
 */
export async function openAttempt(db: Database, provider: PaymentProvider, request: AttemptRequest): Promise<OpenedAttempt> {
  const { user, customerId } = request;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const found = await db.transaction(async (tx): Promise<{ reuse: Payment; charge: Charge } | { opened: OpenedAttempt }> => {
      await lockCustomerAttempts(tx, user.id);
      const charge = await request.chargeOf(tx);
      const refusal = charge.quoteId === undefined ? null : await quoteSettlement(tx, charge.quoteId);
      if (refusal) throw new DomainError("conflict", refusal);
      const open = await tx
        .select()
        .from(payments)
        .where(sameThing(user.id, provider, charge))
        .orderBy(desc(payments.id));
      // A changed price or name makes the older attempts stale: they go, whoever still has them open.
      const reusable = open.find((attempt) => attempt.amount === charge.amount && attempt.description === charge.description);
      for (const stale of open) if (stale !== reusable) await supersede(tx, provider, stale);
      if (reusable) return { reuse: reusable, charge };

      await request.beforeCreate();
      const started = await provider.createPayment({
        customerId,
        amount: charge.amount,
        currency: charge.currency ?? "usd",
        description: charge.description,
        metadata: metadataOf(request.metadata, charge),
      });
      const [created] = await tx
        .insert(payments)
        .values({
          userId: user.id,
          description: charge.description,
          serviceId: charge.serviceId,
          quoteId: charge.quoteId,
          estimateId: charge.estimateId,
          invoiceId: charge.invoiceId,
          amount: charge.amount,
          currency: charge.currency ?? "usd",
          provider: provider.kind,
          providerPaymentId: started.providerPaymentId,
          clientSecretHash: hashToken(started.clientSecret),
        })
        .returning({ id: payments.id });
      return { opened: { paymentId: created!.id, clientSecret: started.clientSecret, charge } };
    });
    if ("opened" in found) return found.opened;

    const attempt = found.reuse;
    const resumed = await provider.resumePayment(attempt.providerPaymentId);
    const sameSecret = hashToken(resumed.clientSecret) === attempt.clientSecretHash;
    if (resumed.state === "open" && sameSecret) return { paymentId: attempt.id, clientSecret: resumed.clientSecret, charge: found.charge };
    if (resumed.state === "open") {
      // A secret we never handed out (an attempt from before secrets could be resumed): replaced.
      await db.transaction(async (tx) => {
        await lockCustomerAttempts(tx, user.id);
        await supersede(tx, provider, attempt);
      });
    } else {
      // The provider settled it and its webhook is still on the way: our record catches up (with
      // what a payment towards an invoice or a deposit changes), then we look again.
      const outcome = { status: resumed.state };
      await db.transaction((tx) => settlePayment(tx, attempt.providerPaymentId, outcome));
    }
  }
  throw new DomainError("unavailable", "The payment could not be set up. Please try again shortly.");
}

/**
 * Marks the customer's attempt as submitted, right before the browser confirms it with the
 * provider: from then on it shows in the lists. Another customer's payment is as missing (404);
 * one that can no longer be paid (already paid, cancelled, or its quote paid by another attempt) is
 * refused (409), so the browser does not confirm.
 */
export async function submitAttempt(
  db: Database,
  provider: PaymentProvider,
  userId: number,
  paymentId: number,
): Promise<{ id: number; status: PaymentStatus }> {
  // The refusal leaves the transaction as an answer, not a throw: unpayableReason cancels the
  // attempt it refuses, and that must be committed rather than rolled back.
  const outcome = await db.transaction(async (tx): Promise<{ missing: true } | { refusal: string } | { submitted: { id: number; status: PaymentStatus } }> => {
    await lockCustomerAttempts(tx, userId);
    const [attempt] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
    if (!attempt) return { missing: true };
    const refusal = await unpayableReason(tx, provider, attempt);
    if (refusal) return { refusal };
    const [submitted] = await tx
      .update(payments)
      .set({ submittedAt: attempt.submittedAt ?? new Date() })
      .where(eq(payments.id, attempt.id))
      .returning({ id: payments.id, status: payments.status });
    return { submitted: submitted! };
  });
  if ("missing" in outcome) throw new DomainError("not-found", paymentMessages.paymentNotFound);
  if ("refusal" in outcome) throw new DomainError("conflict", outcome.refusal);
  return outcome.submitted;
}
