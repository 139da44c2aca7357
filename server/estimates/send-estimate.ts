import { and, eq, inArray, max } from "drizzle-orm";
import type { z } from "zod";
import { estimateAnswerMessages, type estimateSchema } from "@common/estimates";
import { CURRENT_ESTIMATE_STATUSES } from "@common/estimate-status";
import { isSettled } from "@common/job-status";
import { estimateTotals, lineAmount, PERCENT_DECIMALS, QUANTITY_DECIMALS, scaledInteger } from "@common/money";
import type { BillingSettings } from "../billing/settings";
import type { Database } from "../db/client";
import { estimateLines, estimates } from "../db/schema";
import { estimateName } from "../pdf/estimate-pdf";
import { DomainError } from "../domain-errors";
import { lockJobWithQuote, recordEstimateEvent, takeQuoteForEstimate } from "../jobs/move-job";
import type { Actor } from "../jobs/read-jobs";
import { holdPriceListItems } from "./price-list";

export type EstimateInput = z.output<ReturnType<typeof estimateSchema>>;

/** A decimal the schema already bounded to its places, as its whole count of steps (2.5 → 2500 thousandths). */
function scaled(value: number, decimals: number): number {
  const whole = scaledInteger(value, decimals);
  if (whole === null) throw new RangeError(`${value} has more than ${decimals} decimals`);
  return whole;
}

/**
 * POST /api/admin/estimates: sends the job's estimate, or revises it. The current
 * revision, if it is waiting for an answer, becomes superseded and this one is revision n + 1; an
 * accepted one is never revised (409). A pending quote is accepted in the same transaction, its job
 * left requested until the customer accepts. Every figure is the server's, from common/money.ts.
 * Answers the new revision's id.
 */
export async function sendEstimate(
  db: Database,
  billing: Pick<BillingSettings, "taxRateBasisPoints" | "currency">,
  actor: Actor,
  input: EstimateInput,
): Promise<number> {
  const totals = estimateTotals(input, { taxRateBasisPoints: billing.taxRateBasisPoints });
  const percent = "percent" in input.deposit ? input.deposit.percent : undefined;
  const deposit =
    percent !== undefined
      ? { depositKind: "percent" as const, depositValue: scaled(percent, PERCENT_DECIMALS) }
      : { depositKind: "amount" as const, depositValue: totals.depositAmount };
  return db.transaction(async (tx) => {
    const locked = await lockJobWithQuote(tx, input.jobId);
    await holdPriceListItems(tx, input.lines);
    if (isSettled(locked.job.status)) throw new DomainError("conflict", estimateAnswerMessages.jobSettled, { jobId: estimateAnswerMessages.jobSettled });
    const [current] = await tx
      .select({ id: estimates.id, status: estimates.status })
      .from(estimates)
      .where(and(eq(estimates.jobId, input.jobId), inArray(estimates.status, CURRENT_ESTIMATE_STATUSES)))
      .for("update");
    if (current?.status === "accepted") throw new DomainError("conflict", estimateAnswerMessages.acceptedNotRevisable);
    if (current) await tx.update(estimates).set({ status: "superseded" }).where(eq(estimates.id, current.id));
    const [last] = await tx
      .select({ revision: max(estimates.revision) })
      .from(estimates)
      .where(eq(estimates.jobId, input.jobId));
    const revision = (last?.revision ?? 0) + 1;
    const [estimate] = await tx
      .insert(estimates)
      .values({
        jobId: input.jobId,
        revision,
        currency: billing.currency,
        discount: input.discount,
        ...deposit,
        taxRateBasisPoints: billing.taxRateBasisPoints,
        validUntil: input.validUntil,
        note: input.note,
        subtotal: totals.subtotal,
        tax: totals.tax,
        total: totals.total,
        depositAmount: totals.depositAmount,
        createdBy: actor.id,
      })
      .returning({ id: estimates.id });
    if (!estimate) throw new Error("insert returned no estimate");
    await tx.insert(estimateLines).values(
      input.lines.map((line, index) => ({
        estimateId: estimate.id,
        position: index + 1,
        description: line.description,
        quantity: scaled(line.quantity, QUANTITY_DECIMALS),
        unit: line.unit,
        unitPrice: line.unitPrice,
        amount: lineAmount(line),
        optional: line.optional,
        priceListItemId: line.priceListItemId ?? null,
      })),
    );
    await takeQuoteForEstimate(tx, locked.quote);
    await recordEstimateEvent(tx, locked.job, actor, `${estimateName({ number: input.jobId, revision })} sent`);
    return estimate.id;
  });
}
