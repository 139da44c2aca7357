import type { JobStatus } from "@common/jobs";
import type { Database } from "../db/client";
import { estimateLines, estimateResponses, estimates, invoices, jobs } from "../db/schema";
import { nextInvoiceNumber } from "../invoices/numbering";
import { invoiceRow } from "./invoices";

/**
 * Estimates and invoices written straight into the database, for tests of what comes after them
 * (paying a deposit or an invoice, receipts, refunds) that should not depend on the routes that
 * issue them. Figures without tax: the total is the one line's amount.
 */

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

/** A job of the customer's with one estimate of one line, accepted with its deposit unless told otherwise. */
export async function estimateFixture(db: Database, fixture: EstimateFixture): Promise<{ jobId: number; estimateId: number }> {
  const { userId, total = 100_000, deposit = 30_000, revision = 1, status = "accepted", jobStatus = status === "accepted" ? "accepted" : "requested" } = fixture;
  return db.transaction(async (tx) => {
    const [job] = await tx.insert(jobs).values({ userId, title: "Thermal inspection", siteName: "North array", siteAddress: "1 Solar Way", status: jobStatus }).returning({ id: jobs.id });
    for (let earlier = 1; earlier < revision; earlier += 1) {
      await tx.insert(estimates).values({ jobId: job!.id, revision: earlier, status: "superseded", validUntil: "2099-12-31", subtotal: total, tax: 0, total, depositAmount: deposit });
    }
    const [estimate] = await tx
      .insert(estimates)
      .values({ jobId: job!.id, revision, status, depositKind: "amount", depositValue: deposit, validUntil: "2099-12-31", subtotal: total, tax: 0, total, depositAmount: deposit })
      .returning({ id: estimates.id });
    await tx.insert(estimateLines).values({ estimateId: estimate!.id, position: 1, description: "Thermal inspection", quantity: 1000, unitPrice: total, amount: total });
    if (status === "accepted") {
      await tx.insert(estimateResponses).values({
        estimateId: estimate!.id,
        answer: "accepted",
        userId,
        signatureName: "Jean Batten",
        signedAt: new Date(),
        ipAddress: "127.0.0.1",
        userAgent: "vitest",
        acceptedSha256: "0".repeat(64),
        acceptedSubtotal: total,
        acceptedTax: 0,
        acceptedTotal: total,
        acceptedDepositAmount: deposit,
      });
    }
    return { jobId: job!.id, estimateId: estimate!.id };
  });
}

/** An open invoice of `total` cents for the job (made from `estimateId`, whose deposit then counts towards it), numbered as the routes number them. */
export async function invoiceFixture(db: Database, fixture: { jobId: number; estimateId?: number; total?: number; status?: "open" | "void" }): Promise<{ id: number; number: string }> {
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
