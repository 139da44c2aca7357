import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { JobStatus } from "@common/job-status";
import { estimateTotals, lineAmount } from "@common/money";
import type { Database } from "../db/client";
import { estimateLines, estimateResponses, estimates, invoices, jobs, payments } from "../db/schema";
import { nextInvoiceNumber } from "../invoices/numbering";
import type { Transaction } from "../jobs/move-job";
import { invoiceRow } from "./invoices";

/**
 * Estimates and invoices written straight into the database, for tests of what comes after them
 * (paying a deposit or an invoice, receipts, refunds, issuing an invoice) that should not depend on
 * the routes that issue them.
 */

/** The customer's signed acceptance of an estimate, as the accept route stores it, with the figures accepted. */
async function insertAcceptance(
  tx: Transaction,
  acceptance: { estimateId: number; userId: number; signatureName: string; acceptedSha256: string; optionalLineIds?: number[] },
  accepted: { subtotal: number; tax: number; total: number; depositAmount: number },
): Promise<void> {
  await tx.insert(estimateResponses).values({
    ...acceptance,
    answer: "accepted",
    signedAt: new Date(),
    ipAddress: "127.0.0.1",
    userAgent: "vitest",
    acceptedSubtotal: accepted.subtotal,
    acceptedTax: accepted.tax,
    acceptedTotal: accepted.total,
    acceptedDepositAmount: accepted.depositAmount,
  });
}

export interface EstimateFixture {
  /** The job's customer. */
  userId: number;
  /** In cents. */
  total?: number;
  /** The deposit accepted, in cents; 0 for none. */
  deposit?: number;
  revision?: number;
  /** accepted (with the customer's signed answer) by default; sent leaves it unanswered. */
  status?: "accepted" | "sent";
  jobStatus?: JobStatus;
}

/** A job of the customer's with one estimate of one line without tax (the total is its amount), accepted with its deposit unless told otherwise. */
export async function estimateFixture(db: Database, fixture: EstimateFixture): Promise<{ jobId: number; estimateId: number }> {
  const {
    userId,
    total = 100_000,
    deposit = 30_000,
    revision = 1,
    status = "accepted",
    jobStatus = status === "accepted" ? "accepted" : "requested",
  } = fixture;
  return db.transaction(async (tx) => {
    const [job] = await tx
      .insert(jobs)
      .values({ userId, title: "Thermal inspection", siteName: "North array", siteAddress: "1 Solar Way", status: jobStatus })
      .returning({ id: jobs.id });
    for (let earlier = 1; earlier < revision; earlier += 1) {
      await tx
        .insert(estimates)
        .values({ jobId: job!.id, revision: earlier, status: "superseded", validUntil: "2099-12-31", subtotal: total, tax: 0, total, depositAmount: deposit });
    }
    const [estimate] = await tx
      .insert(estimates)
      .values({
        jobId: job!.id,
        revision,
        status,
        depositKind: "amount",
        depositValue: deposit,
        validUntil: "2099-12-31",
        subtotal: total,
        tax: 0,
        total,
        depositAmount: deposit,
      })
      .returning({ id: estimates.id });
    await tx
      .insert(estimateLines)
      .values({ estimateId: estimate!.id, position: 1, description: "Thermal inspection", quantity: 1000, unitPrice: total, amount: total });
    if (status === "accepted") {
      await insertAcceptance(
        tx,
        { estimateId: estimate!.id, userId, signatureName: "Jean Batten", acceptedSha256: "0".repeat(64) },
        { subtotal: total, tax: 0, total, depositAmount: deposit },
      );
    }
    return { jobId: job!.id, estimateId: estimate!.id };
  });
}

/** An open invoice of `total` cents for the job (made from `estimateId`, whose deposit then counts towards it), numbered as the routes number them. */
export async function invoiceFixture(
  db: Database,
  fixture: { jobId: number; estimateId?: number; total?: number; status?: "open" | "void" },
): Promise<{ id: number; number: string }> {
  const { jobId, estimateId, total = 100_000, status = "open" } = fixture;
  return db.transaction(async (tx) => {
    const taken = await nextInvoiceNumber(tx, 2026);
    const [invoice] = await tx
      .insert(invoices)
      .values({ ...invoiceRow(jobId, taken), estimateId, linesTotal: total, tax: 0, total, status })
      .returning({ id: invoices.id, number: invoices.number });
    return invoice!;
  });
}

interface FixtureLine {
  description: string;
  quantity: number;
  unit?: string;
  unitPrice: number;
  optional?: boolean;
}

/**
 * Thermal inspection 40 acres at $45.00 ($1,800.00), an optional orthomosaic map ($350.00, ticked)
 * and an optional rush delivery ($120.00, not ticked); $50.00 off, 8.25 % tax, 30 % deposit. As
 * accepted: subtotal $2,150.00, tax $173.25, total $2,273.25, deposit $681.98 (681.975 rounded up).
 */
const SAMPLE_LINES: readonly FixtureLine[] = [
  { description: "Thermal inspection", quantity: 40, unit: "acre", unitPrice: 4_500 },
  { description: "Orthomosaic map", quantity: 1, unitPrice: 35_000, optional: true },
  { description: "Rush delivery", quantity: 1, unitPrice: 12_000, optional: true },
];

/**
 * The totals block of an invoice of SAMPLE_LINES as accepted, its deposit paid, as pdftotext reads
 * it; the sample invoice the PDF tests render (pdf/testing/samples.ts) bills the same figures.
 */
export const SAMPLE_INVOICE_TOTALS_TEXT = [
  "Subtotal $2,150.00",
  "Discount -$50.00",
  "Tax (8.25%) $173.25",
  "Total $2,273.25",
  "Paid $681.98",
  "Balance due $1,591.27",
] as const;

export interface AcceptedEstimateFixture {
  userId: number;
  lines?: readonly FixtureLine[];
  /** Descriptions of the optional lines the customer ticked; the orthomosaic map by default. */
  ticked?: readonly string[];
  discount?: number;
  taxRateBasisPoints?: number;
  depositPercent?: number;
  /** Whether the deposit was paid by card (a succeeded payment towards the estimate); true by default. */
  depositPaid?: boolean;
  jobStatus?: JobStatus;
  /** Leave the estimate sent, unanswered. */
  unanswered?: boolean;
}

/**
 * For the invoice tests: a job of the customer's, `jobStatus` (delivered by default), with one estimate
 * accepted as described and its deposit paid, what issuing an invoice starts from.
 */
export async function acceptedEstimate(db: Database, fixture: AcceptedEstimateFixture) {
  const {
    userId,
    lines = SAMPLE_LINES,
    ticked = ["Orthomosaic map"],
    discount = 5_000,
    taxRateBasisPoints = 825,
    depositPercent = 30,
    depositPaid = true,
    jobStatus = "delivered",
    unanswered = false,
  } = fixture;
  return db.transaction(async (tx) => {
    const [job] = await tx
      .insert(jobs)
      .values({ userId, title: "Solar array thermal inspection", siteName: "Pecan Creek Solar Farm", siteAddress: "Bastrop County, TX", status: jobStatus })
      .returning({ id: jobs.id });
    const deposit = { percent: depositPercent };
    const issued = estimateTotals({ lines, discount, deposit }, { taxRateBasisPoints });
    const [estimate] = await tx
      .insert(estimates)
      .values({
        jobId: job!.id,
        revision: 1,
        status: unanswered ? "sent" : "accepted",
        discount,
        depositKind: "percent",
        depositValue: depositPercent * 100,
        taxRateBasisPoints,
        validUntil: "2099-12-31",
        subtotal: issued.subtotal,
        tax: issued.tax,
        total: issued.total,
        depositAmount: issued.depositAmount,
      })
      .returning({ id: estimates.id });
    const stored = await tx
      .insert(estimateLines)
      .values(
        lines.map((line, index) => ({
          estimateId: estimate!.id,
          position: index + 1,
          description: line.description,
          quantity: Math.round(line.quantity * 1000),
          unit: line.unit ?? "",
          unitPrice: line.unitPrice,
          amount: lineAmount(line),
          optional: line.optional ?? false,
        })),
      )
      .returning({ id: estimateLines.id, description: estimateLines.description });
    const chosen = stored.filter((line) => ticked.includes(line.description)).map((line) => line.id);
    const accepted = estimateTotals(
      { lines: lines.map((line, index) => ({ ...line, id: stored[index]!.id })), discount, deposit },
      { taxRateBasisPoints, chosenOptionalLineIds: chosen },
    );
    if (!unanswered) {
      await insertAcceptance(
        tx,
        { estimateId: estimate!.id, userId, signatureName: "Zoë Ångström", acceptedSha256: "a".repeat(64), optionalLineIds: chosen },
        accepted,
      );
    }
    if (depositPaid && !unanswered && accepted.depositAmount > 0) {
      await tx.insert(payments).values({
        userId,
        description: `Deposit for Estimate #${job!.id}`,
        amount: accepted.depositAmount,
        status: "succeeded",
        provider: "demo",
        providerPaymentId: `demo_pi_${randomUUID()}`,
        estimateId: estimate!.id,
        submittedAt: new Date(),
      });
    }
    return { jobId: job!.id, estimateId: estimate!.id, accepted };
  });
}

/** Moves a job to `status` in the database, as the jobs API would have. */
export async function setJobStatus(db: Database, jobId: number, status: JobStatus): Promise<void> {
  await db.update(jobs).set({ status }).where(eq(jobs.id, jobId));
}

/** A deposit paid through the demo provider, towards an estimate: a succeeded payment, as its confirm records it. */
export async function paidDeposit(db: Database, deposit: { userId: number; estimateId: number; amount: number; providerPaymentId: string }): Promise<number> {
  const [row] = await db
    .insert(payments)
    .values({ ...deposit, description: "Deposit", status: "succeeded", provider: "demo" })
    .returning({ id: payments.id });
  return row!.id;
}

/** A bank transfer or a cheque recorded towards an invoice, as the admin's record of it stores it (succeeded). */
export async function offlinePayment(
  db: Database,
  payment: Pick<typeof payments.$inferInsert, "userId" | "invoiceId" | "amount" | "providerPaymentId" | "reference" | "submittedAt"> & {
    method: "bank_transfer" | "cheque";
  },
): Promise<number> {
  const description = payment.method === "cheque" ? "Cheque" : "Bank transfer";
  const [row] = await db
    .insert(payments)
    .values({ ...payment, description, status: "succeeded", provider: "offline" })
    .returning({ id: payments.id });
  return row!.id;
}
