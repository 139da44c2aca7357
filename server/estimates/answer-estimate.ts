import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { calendarDateIn } from "@common/calendar-date";
import { type acceptEstimateSchema, estimateAnswerMessages, type declineEstimateSchema, type requestEstimateChangesSchema } from "@common/estimates";
import { estimateTotals } from "@common/money";
import type { Database } from "../db/client";
import { estimateLines, estimateResponses, estimates, jobs } from "../db/schema";
import { estimateName } from "../pdf/estimate-pdf";
import { DomainError } from "../domain-errors";
import { acceptJobForEstimate, lockJobWithQuote, recordEstimateEvent, type Transaction } from "../jobs/move-job";
import type { Actor } from "../jobs/read-jobs";
import { acceptedContent, acceptedSha256 } from "./digest";
import { depositRule, lineView } from "./read-estimates";

type EstimateRow = typeof estimates.$inferSelect;
type Locked = Awaited<ReturnType<typeof lockJobWithQuote>>;

/** Where an acceptance was signed from: the request's address and browser, kept with the signature. */
export interface SigningClient {
  ip: string;
  userAgent: string;
}

/**
 * The revision its customer is about to answer, with its job and quote locked (in the order every
 * job write takes them, then the estimate's row). Staff never answer for the customer (403); another
 * customer's estimate does not exist for them (404). A replaced revision, one already answered and,
 * for an acceptance, one past its valid-until day (in the business's zone) answer 409.
 */
async function lockForAnswer(
  tx: Transaction,
  actor: Actor,
  id: number,
  expiry: { timeZone: string } | null,
): Promise<{ estimate: EstimateRow; locked: Locked }> {
  if (actor.role !== "customer") throw new DomainError("forbidden", "Only the estimate's customer answers it");
  const [head] = await tx
    .select({ jobId: estimates.jobId, userId: jobs.userId })
    .from(estimates)
    .innerJoin(jobs, eq(jobs.id, estimates.jobId))
    .where(eq(estimates.id, id));
  if (!head || head.userId !== actor.id) throw new DomainError("not-found", estimateAnswerMessages.notFound);
  const locked = await lockJobWithQuote(tx, head.jobId);
  const [estimate] = await tx.select().from(estimates).where(eq(estimates.id, id)).for("update");
  if (!estimate) throw new DomainError("not-found", estimateAnswerMessages.notFound);
  if (estimate.status === "superseded") throw new DomainError("conflict", estimateAnswerMessages.superseded);
  if (estimate.status !== "sent") throw new DomainError("conflict", estimateAnswerMessages.answered);
  if (expiry && estimate.validUntil < calendarDateIn(expiry.timeZone)) throw new DomainError("conflict", estimateAnswerMessages.expired);
  return { estimate, locked };
}

/** Moves the revision to its answer; the status in the WHERE and the response's key make a second answer impossible. */
async function markAnswered(tx: Transaction, estimate: EstimateRow, status: "accepted" | "changes_requested" | "declined"): Promise<void> {
  const [moved] = await tx
    .update(estimates)
    .set({ status })
    .where(and(eq(estimates.id, estimate.id), eq(estimates.status, "sent")))
    .returning({ id: estimates.id });
  if (!moved) throw new DomainError("conflict", estimateAnswerMessages.answered);
}

/**
 * POST /api/estimates/:id/accept: the customer signs by typing their full name,
 * with the optional lines they tick (only this revision's: 400 otherwise). The acceptance keeps the
 * name, the time, the address and browser, the ticked lines, the figures they came to (computed here
 * from the stored lines, as sent) and the SHA-256 of exactly what was accepted. The job moves from
 * requested to accepted; the deposit is then due (paid through POST /api/create-payment-intent).
 */
export async function acceptEstimate(
  db: Database,
  timeZone: string,
  actor: Actor,
  id: number,
  input: z.output<typeof acceptEstimateSchema>,
  client: SigningClient,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { estimate, locked } = await lockForAnswer(tx, actor, id, { timeZone });
    const lines = (await tx.select().from(estimateLines).where(eq(estimateLines.estimateId, estimate.id)).orderBy(asc(estimateLines.position))).map(lineView);
    const offered = new Set(lines.filter((line) => line.optional).map((line) => line.id));
    if (input.optionalLineIds.some((lineId) => !offered.has(lineId))) {
      throw new DomainError("invalid", estimateAnswerMessages.optionalLineIds, { optionalLineIds: estimateAnswerMessages.optionalLineIds });
    }
    const chosen = [...input.optionalLineIds].sort((a, b) => a - b);
    const rule = depositRule(estimate);
    const totals = estimateTotals(
      { lines, discount: estimate.discount, deposit: rule },
      { taxRateBasisPoints: estimate.taxRateBasisPoints, chosenOptionalLineIds: chosen },
    );
    const accepted = { subtotal: totals.subtotal, tax: totals.tax, total: totals.total, depositAmount: totals.depositAmount };
    const content = acceptedContent(
      {
        number: estimate.jobId,
        revision: estimate.revision,
        jobTitle: locked.job.title,
        currency: estimate.currency,
        lines,
        discount: estimate.discount,
        taxRateBasisPoints: estimate.taxRateBasisPoints,
        depositPercent: "percent" in rule ? rule.percent : null,
        depositAmount: estimate.depositAmount,
        validUntil: estimate.validUntil,
        note: estimate.note,
      },
      chosen,
      accepted,
    );
    await markAnswered(tx, estimate, "accepted");
    await tx.insert(estimateResponses).values({
      estimateId: estimate.id,
      answer: "accepted",
      userId: actor.id,
      signatureName: input.signatureName,
      signedAt: new Date(),
      ipAddress: client.ip,
      userAgent: client.userAgent,
      acceptedSha256: acceptedSha256(content),
      optionalLineIds: chosen,
      acceptedSubtotal: accepted.subtotal,
      acceptedTax: accepted.tax,
      acceptedTotal: accepted.total,
      acceptedDepositAmount: accepted.depositAmount,
    });
    await acceptJobForEstimate(
      tx,
      locked,
      actor,
      `Estimate accepted: ${estimateName({ number: estimate.jobId, revision: estimate.revision })}, signed by ${input.signatureName}`,
    );
  });
}

/** POST /api/estimates/:id/request-changes: the customer's comment; the admin revises (a new revision) from it. */
export async function requestEstimateChanges(db: Database, actor: Actor, id: number, input: z.output<typeof requestEstimateChangesSchema>): Promise<void> {
  await db.transaction(async (tx) => {
    const { estimate, locked } = await lockForAnswer(tx, actor, id, null);
    await markAnswered(tx, estimate, "changes_requested");
    await tx.insert(estimateResponses).values({ estimateId: estimate.id, answer: "changes_requested", userId: actor.id, comment: input.comment });
    await recordEstimateEvent(tx, locked.job, actor, `Changes requested on ${estimateName({ number: estimate.jobId, revision: estimate.revision })}`);
  });
}

/** POST /api/estimates/:id/decline: the customer's reason. The job stays where it is: the business decides what follows. */
export async function declineEstimate(db: Database, actor: Actor, id: number, input: z.output<typeof declineEstimateSchema>): Promise<void> {
  await db.transaction(async (tx) => {
    const { estimate, locked } = await lockForAnswer(tx, actor, id, null);
    await markAnswered(tx, estimate, "declined");
    await tx.insert(estimateResponses).values({ estimateId: estimate.id, answer: "declined", userId: actor.id, reason: input.reason });
    await recordEstimateEvent(tx, locked.job, actor, `${estimateName({ number: estimate.jobId, revision: estimate.revision })} declined`);
  });
}
