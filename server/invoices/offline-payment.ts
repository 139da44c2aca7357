import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { calendarDateIn } from "@common/calendar-date";
import type { z } from "zod";
import { invoiceMessages, type offlinePaymentSchema } from "@common/invoices";
import { invoiceStanding, refreshInvoiceStatus } from "../billing/standing";
import type { Database } from "../db/client";
import { invoices, jobs, payments } from "../db/schema";
import { DomainError } from "../domain-errors";

/** The minutes `at` reads ahead of UTC on the clocks of `timeZone` (−300 in Chicago in summer). */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric" })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  );
  const shown = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  return Math.round((shown - at.getTime()) / 60_000);
}

/**
 * When an offline payment is dated: now when it arrived today, otherwise noon of the day it arrived
 * on the business's clocks, so the day printed on the invoice and the receipt is the one the admin
 * gave, whatever the zone.
 */
function receivedAt(timeZone: string, receivedOn: string | undefined, now: Date): Date {
  if (receivedOn === undefined || receivedOn === calendarDateIn(timeZone, now)) return now;
  const noonUtc = new Date(`${receivedOn}T12:00:00Z`);
  return new Date(noonUtc.getTime() - offsetMinutes(timeZone, noonUtc) * 60_000);
}

/**
 * Records money an admin received outside the card checkout (a bank transfer, a cheque, cash)
 * towards an invoice: at most the balance, never towards a paid or void invoice.
 * The invoice row is locked while the balance is read and the payment written, so two recordings at
 * once cannot both take the same balance; the invoice becomes paid when nothing is left
 * (refreshInvoiceStatus). Answers the payment's id: mail its receipt after the commit.
 */
export async function recordOfflinePayment(
  db: Database,
  timeZone: string,
  invoiceId: number,
  input: z.output<typeof offlinePaymentSchema>,
  now = new Date(),
): Promise<number> {
  const at = receivedAt(timeZone, input.receivedOn, now);
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .select({
        id: invoices.id,
        estimateId: invoices.estimateId,
        total: invoices.total,
        status: invoices.status,
        number: invoices.number,
        currency: invoices.currency,
        userId: jobs.userId,
      })
      .from(invoices)
      .innerJoin(jobs, eq(jobs.id, invoices.jobId))
      .where(eq(invoices.id, invoiceId))
      .for("update", { of: invoices });
    if (!invoice) throw new DomainError("not-found", invoiceMessages.notFound);
    if (invoice.status === "paid") throw new DomainError("conflict", invoiceMessages.paid);
    if (invoice.status === "void") throw new DomainError("conflict", invoiceMessages.void);
    const standing = await invoiceStanding(tx, invoice);
    if (input.amount > standing.balance) throw new DomainError("invalid", invoiceMessages.amountAboveBalance, { amount: invoiceMessages.amountAboveBalance });
    const [payment] = await tx
      .insert(payments)
      .values({
        userId: invoice.userId,
        description: `Invoice ${invoice.number}`,
        amount: input.amount,
        currency: invoice.currency,
        status: "succeeded",
        provider: "offline",
        providerPaymentId: `offline_${randomUUID()}`,
        method: input.method,
        reference: input.reference,
        invoiceId: invoice.id,
        submittedAt: at,
        createdAt: at,
      })
      .returning({ id: payments.id });
    if (!payment) throw new Error("the payment insert returned no row");
    await refreshInvoiceStatus(tx, invoice.id);
    return payment.id;
  });
}
