import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { calendarDateIn } from "@common/calendar-date";
import type { estimateLineSchema, estimateSchema } from "@common/contract/estimates";
import { estimateAnswerMessages } from "@common/estimates";
import { type EstimateStatus } from "@common/estimate-status";
import { QUANTITY_DECIMALS } from "@common/money";
import { billedCustomer, billedCustomerColumns } from "../billing/customer";
import { depositStanding } from "../billing/standing";
import type { Database } from "../db/client";
import { estimateLines, estimateResponses, estimates, jobs, users } from "../db/schema";
import { DomainError } from "../domain-errors";
import type { Actor } from "../jobs/read-jobs";

/** An estimate revision as the API answers it (common/contract/estimates.ts). */
export type EstimateView = z.output<typeof estimateSchema>;
type EstimateRow = typeof estimates.$inferSelect;
type LineRow = typeof estimateLines.$inferSelect;

const THOUSANDTHS = 10 ** QUANTITY_DECIMALS;

/**
 * The status a revision shows: one still waiting for its answer (sent, or sent back with changes
 * asked) after its valid-until day, counted where the business is, is expired. Expiry is read, never
 * stored (docs/decisions/0026-quote-to-cash.md), so nothing has to run at midnight.
 */
function shownStatus(estimate: Pick<EstimateRow, "status" | "validUntil">, today: string): EstimateStatus {
  return (estimate.status === "sent" || estimate.status === "changes_requested") && estimate.validUntil < today ? "expired" : estimate.status;
}

/** A stored line as the API shows it: the quantity back from thousandths (2500 is 2.5). */
export function lineView(line: LineRow): z.output<typeof estimateLineSchema> {
  return {
    id: line.id,
    position: line.position,
    description: line.description,
    quantity: line.quantity / THOUSANDTHS,
    unit: line.unit,
    unitPrice: line.unitPrice,
    amount: line.amount,
    optional: line.optional,
    priceListItemId: line.priceListItemId,
  };
}

/** The deposit as the admin asked it: `{ percent }` (kept in basis points) or `{ amount }` in cents, as common/money.ts reads it. */
export function depositRule(estimate: Pick<EstimateRow, "depositKind" | "depositValue">): { percent: number } | { amount: number } {
  return estimate.depositKind === "percent" ? { percent: estimate.depositValue / 100 } : { amount: estimate.depositValue };
}

const headColumns = {
  estimate: estimates,
  jobTitle: jobs.title,
  customer: billedCustomerColumns,
};

function selectHeads(db: Database, where: SQL | undefined) {
  return db
    .select(headColumns)
    .from(estimates)
    .innerJoin(jobs, eq(jobs.id, estimates.jobId))
    .innerJoin(users, eq(users.id, jobs.userId))
    .where(where)
    .orderBy(desc(estimates.createdAt), desc(estimates.id));
}
type Head = Awaited<ReturnType<typeof selectHeads>>[number];

/** An admin sees every estimate; anyone else those of their own jobs (a pilot, none). */
const visibleTo = (actor: Actor): SQL | undefined => (actor.role === "admin" ? undefined : eq(jobs.userId, actor.id));

/**
 * The revisions with their lines, answers, sibling revisions and deposit standing, read in a few
 * queries for the whole list. What was paid of a deposit comes from server/billing/standing.ts.
 */
async function shape(db: Database, today: string, heads: Head[]): Promise<EstimateView[]> {
  if (heads.length === 0) return [];
  const ids = heads.map((head) => head.estimate.id);
  const jobIds = [...new Set(heads.map((head) => head.estimate.jobId))];
  const [lines, responses, siblings, standings] = await Promise.all([
    db.select().from(estimateLines).where(inArray(estimateLines.estimateId, ids)).orderBy(asc(estimateLines.estimateId), asc(estimateLines.position)),
    db.select().from(estimateResponses).where(inArray(estimateResponses.estimateId, ids)),
    db
      .select({
        id: estimates.id,
        jobId: estimates.jobId,
        revision: estimates.revision,
        status: estimates.status,
        validUntil: estimates.validUntil,
        total: estimates.total,
        createdAt: estimates.createdAt,
      })
      .from(estimates)
      .where(inArray(estimates.jobId, jobIds))
      .orderBy(asc(estimates.revision)),
    Promise.all(ids.map((id) => depositStanding(db, id))),
  ]);
  return heads.map(({ estimate, jobTitle, customer }, index) => {
    const response = responses.find((row) => row.estimateId === estimate.id);
    const deposit = standings[index]!;
    const rule = depositRule(estimate);
    return {
      id: estimate.id,
      jobId: estimate.jobId,
      jobTitle,
      number: estimate.jobId,
      revision: estimate.revision,
      status: shownStatus(estimate, today),
      customer: billedCustomer(customer),
      currency: estimate.currency,
      lines: lines.filter((line) => line.estimateId === estimate.id).map(lineView),
      subtotal: estimate.subtotal,
      discount: estimate.discount,
      taxRateBasisPoints: estimate.taxRateBasisPoints,
      tax: estimate.tax,
      total: estimate.total,
      depositPercent: "percent" in rule ? rule.percent : null,
      depositAmount: estimate.depositAmount,
      depositPaid: deposit.paid,
      depositDue: deposit.balance,
      validUntil: estimate.validUntil,
      note: estimate.note,
      createdAt: estimate.createdAt,
      response: response
        ? {
            answer: response.answer,
            signatureName: response.signatureName,
            signedAt: response.signedAt,
            optionalLineIds: response.optionalLineIds,
            acceptedSha256: response.acceptedSha256,
            acceptedSubtotal: response.acceptedSubtotal,
            acceptedTax: response.acceptedTax,
            acceptedTotal: response.acceptedTotal,
            acceptedDepositAmount: response.acceptedDepositAmount,
            comment: response.comment,
            reason: response.reason,
            createdAt: response.createdAt,
          }
        : null,
      revisions: siblings
        .filter((sibling) => sibling.jobId === estimate.jobId)
        .map((sibling) => ({
          id: sibling.id,
          revision: sibling.revision,
          status: shownStatus(sibling, today),
          total: sibling.total,
          createdAt: sibling.createdAt,
        })),
    };
  });
}

/**
 * One estimate revision: as `actor` may see it (its customer, an admin; anyone else 404), or
 * unscoped for the server's own use (its mails) when no actor is given.
 */
export async function readEstimate(db: Database, timeZone: string, id: number, actor?: Actor): Promise<EstimateView> {
  const heads = await selectHeads(db, and(eq(estimates.id, id), actor ? visibleTo(actor) : undefined));
  const [estimate] = await shape(db, calendarDateIn(timeZone), heads);
  if (!estimate) throw new DomainError("not-found", estimateAnswerMessages.notFound);
  return estimate;
}

/** GET /api/estimates?jobId=: the customer's own estimates, an admin's any; newest revision first. */
export async function listEstimates(db: Database, timeZone: string, actor: Actor, jobId?: number): Promise<EstimateView[]> {
  const heads = await selectHeads(db, and(visibleTo(actor), jobId === undefined ? undefined : eq(estimates.jobId, jobId)));
  return shape(db, calendarDateIn(timeZone), heads);
}

/**
 * The customer's revisions that may still wait on them (GET /api/waiting): sent and not yet answered,
 * or accepted with a deposit perhaps still due; of one job when asked. Shaped as every estimate
 * answer is, so their totals and what is due of a deposit are the same figures everywhere.
 */
export async function openEstimatesOf(db: Database, timeZone: string, ownerId: number, jobId?: number): Promise<EstimateView[]> {
  const heads = await selectHeads(
    db,
    and(eq(jobs.userId, ownerId), inArray(estimates.status, ["sent", "accepted"]), jobId === undefined ? undefined : eq(estimates.jobId, jobId)),
  );
  return shape(db, calendarDateIn(timeZone), heads);
}

/**
 * Every customer's revisions sent and waiting for their answer: the status shown is sent, so neither
 * answered nor past their valid-until day in `timeZone`. Shaped as every estimate answer is, so their
 * totals are the figures the estimates show.
 */
export async function estimatesAwaitingAnswer(db: Database, timeZone: string, now = new Date()): Promise<EstimateView[]> {
  const heads = await selectHeads(db, eq(estimates.status, "sent"));
  return (await shape(db, calendarDateIn(timeZone, now), heads)).filter((estimate) => estimate.status === "sent");
}
