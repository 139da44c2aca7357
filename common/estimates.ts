import { z } from "zod";
import { estimateTotals, MAX_TOTAL_CENTS, MoneyRuleError, PERCENT_DECIMALS, QUANTITY_DECIMALS, scaledInteger } from "./money";
import { idMessage, MAX_ID } from "./validation";
import { oneLine } from "./one-line";

/**
 * An estimate as the admin sends it: priced lines, some optional for the customer
 * to tick, a discount, a deposit, a valid-until date and a note. Its totals are common/money.ts's,
 * by the rules of docs/decisions/0023-money-rounding.md.
 */

export const ESTIMATE_LIMITS = { lines: 200, description: 500, unit: 50, note: 2_000, quantity: 100_000 } as const;

export const estimateMessages = {
  jobId: idMessage("jobId"),
  description: `Describe the line in 1 to ${ESTIMATE_LIMITS.description} characters`,
  quantity: `Quantity is more than 0, with at most ${QUANTITY_DECIMALS} decimals`,
  quantityMax: `Quantity is at most ${ESTIMATE_LIMITS.quantity.toLocaleString("en-US")}`,
  unit: `Unit is at most ${ESTIMATE_LIMITS.unit} characters`,
  unitPrice: "Unit price is a whole number of cents, 0 or more",
  unitPriceMax: `Unit price is at most ${MAX_TOTAL_CENTS} cents ($999,999.99)`,
  optional: "Optional is true or false",
  priceListItemId: idMessage("priceListItemId"),
  requiredLine: "An estimate needs at least one line that is not optional",
  linesMax: `An estimate has at most ${ESTIMATE_LIMITS.lines} lines`,
  discount: "Discount is a whole number of cents, 0 or more",
  depositChoice: "Give the deposit as a percent or as an amount, one of the two",
  depositPercent: `Deposit percent is from 0 to 100, with at most ${PERCENT_DECIMALS} decimals`,
  depositAmount: "Deposit is a whole number of cents, 0 or more",
  validUntil: "Valid until is a date as YYYY-MM-DD",
  validUntilPast: "Valid until cannot be in the past",
  note: `Note is at most ${ESTIMATE_LIMITS.note.toLocaleString("en-US")} characters`,
} as const;

const cents = (message: string) => z.number({ message }).int(message).min(0, message);

/** A priced line as typed: what an estimate's line and a final invoice's extra line share (description, quantity, unit, unit price). */
export const pricedLineInputSchema = z.object({
  description: oneLine("The description", estimateMessages.description)
    .min(1, estimateMessages.description)
    .max(ESTIMATE_LIMITS.description, estimateMessages.description),
  quantity: z
    .number({ message: estimateMessages.quantity })
    .positive(estimateMessages.quantity)
    .max(ESTIMATE_LIMITS.quantity, estimateMessages.quantityMax)
    .refine((quantity) => scaledInteger(quantity, QUANTITY_DECIMALS) !== null, estimateMessages.quantity),
  unit: oneLine("The unit", estimateMessages.unit).max(ESTIMATE_LIMITS.unit, estimateMessages.unit).default(""),
  unitPrice: cents(estimateMessages.unitPrice).max(MAX_TOTAL_CENTS, estimateMessages.unitPriceMax),
});

const lineSchema = pricedLineInputSchema.extend({
  optional: z.boolean({ message: estimateMessages.optional }).default(false),
  /** The price list item the line was made from, if any: remembered, never read for its price (docs/decisions/0056-price-list.md). */
  priceListItemId: z
    .number({ message: estimateMessages.priceListItemId })
    .int(estimateMessages.priceListItemId)
    .positive(estimateMessages.priceListItemId)
    .max(MAX_ID, estimateMessages.priceListItemId)
    .nullable()
    .optional(),
});

/** `{ percent }` or `{ amount }` (cents): one object with both keys optional, so each error lands under its own key. */
const depositSchema = z
  .object(
    {
      percent: z
        .number({ message: estimateMessages.depositPercent })
        .min(0, estimateMessages.depositPercent)
        .max(100, estimateMessages.depositPercent)
        .refine((percent) => scaledInteger(percent, PERCENT_DECIMALS) !== null, estimateMessages.depositPercent)
        .optional(),
      amount: cents(estimateMessages.depositAmount).optional(),
    },
    { message: estimateMessages.depositChoice },
  )
  .superRefine((deposit, context) => {
    if ((deposit.percent === undefined) === (deposit.amount === undefined)) context.addIssue({ code: "custom", message: estimateMessages.depositChoice });
  })
  .transform((deposit) => (deposit.percent !== undefined ? { percent: deposit.percent } : { amount: deposit.amount ?? 0 }));

/** What the estimate schema needs beyond the body: the business's tax rate and its calendar day. */
interface EstimateContext {
  /** In basis points (825 is 8.25 %), as the estimate will keep it. */
  taxRateBasisPoints: number;
  /** Today as YYYY-MM-DD where the business is; asked at each parse, so one schema serves every day. */
  today: () => string;
}

/**
 * POST /api/admin/estimates's body (and a revision's): every rule checked before anything is stored,
 * each error under its field (`lines.1.unitPrice`, `deposit.amount`). A fixed deposit is checked
 * against the total as sent, with no optional item ticked: the smallest the total can be. The
 * $999,999.99 bound is checked with every optional item ticked: the largest. Totals sent by the
 * browser are never read: unknown keys are dropped.
 */
/** An estimate's fields, each on its own; estimateSchema adds the rules between them (dates, totals). */
export const estimateShapeSchema = z.object({
  jobId: z.number({ message: estimateMessages.jobId }).int(estimateMessages.jobId).positive(estimateMessages.jobId).max(MAX_ID, estimateMessages.jobId),
  lines: z.array(lineSchema, { message: estimateMessages.requiredLine }).max(ESTIMATE_LIMITS.lines, estimateMessages.linesMax),
  discount: cents(estimateMessages.discount).default(0),
  deposit: depositSchema,
  validUntil: z.iso.date({ message: estimateMessages.validUntil }),
  note: z.string({ message: estimateMessages.note }).trim().max(ESTIMATE_LIMITS.note, estimateMessages.note).default(""),
});

export function estimateSchema({ taxRateBasisPoints, today }: EstimateContext) {
  return estimateShapeSchema.superRefine((estimate, context) => {
    // The totals need well-formed lines and amounts: while any field is refused, they wait.
    const wellFormed = context.issues.length === 0;
    const refused = (field: string) => context.issues.some((issue) => issue.path?.[0] === field);
    if (!refused("validUntil") && estimate.validUntil < today())
      context.addIssue({ code: "custom", path: ["validUntil"], message: estimateMessages.validUntilPast });
    if (!refused("lines") && !estimate.lines.some((line) => !line.optional))
      context.addIssue({ code: "custom", path: ["lines"], message: estimateMessages.requiredLine });
    if (!wellFormed || refused("lines")) return;
    const numbered = estimate.lines.map((line, index) => ({ ...line, id: index }));
    const everyOption = numbered.filter((line) => line.optional).map((line) => line.id);
    try {
      estimateTotals(estimate, { taxRateBasisPoints });
      estimateTotals({ ...estimate, lines: numbered }, { taxRateBasisPoints, chosenOptionalLineIds: everyOption });
    } catch (error) {
      if (!(error instanceof MoneyRuleError)) throw error;
      context.addIssue({ code: "custom", path: error.field.split("."), message: error.message });
    }
  });
}

/** A deposit is a share of the total (kept in basis points) or a fixed amount (in cents); 0 means none. */
export const DEPOSIT_KINDS = ["percent", "amount"] as const;

export const SIGNATURE_MAX = 200;
const ANSWER_TEXT_MAX = 2_000;

export const estimateAnswerMessages = {
  signatureName: "Type your full name to sign: at least two letters",
  signatureNameMax: `Your name is at most ${SIGNATURE_MAX} characters`,
  optionalLineIds: "Tick only this estimate's optional items",
  comment: "Say what you would like changed",
  reason: "Give a reason for declining",
  textMax: `At most ${ANSWER_TEXT_MAX.toLocaleString("en-US")} characters`,
  notFound: "Estimate not found",
  expired: "This estimate has expired; ask us for a new one",
  superseded: "This estimate was replaced by a newer revision; open the latest one",
  answered: "This estimate has already been answered",
  acceptedNotRevisable: "An accepted estimate cannot be revised",
  jobSettled: "A closed or cancelled job gets no estimate",
} as const;

/** A typed signature: the customer's full name, with at least two letters (any script). */
const signatureSchema = oneLine("The signature", estimateAnswerMessages.signatureName)
  .max(SIGNATURE_MAX, estimateAnswerMessages.signatureNameMax)
  .refine((name) => (name.match(/\p{L}/gu) ?? []).length >= 2, estimateAnswerMessages.signatureName);

/** POST /api/estimates/:id/accept: the typed signature and the optional lines ticked (by line id). */
export const acceptEstimateSchema = z.object({
  signatureName: signatureSchema,
  optionalLineIds: z
    .array(z.number().int().positive().max(MAX_ID), { message: estimateAnswerMessages.optionalLineIds })
    .max(ESTIMATE_LIMITS.lines, estimateAnswerMessages.optionalLineIds)
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type AcceptEstimateInput = z.input<typeof acceptEstimateSchema>;

const answerText = (message: string) => z.string({ message }).trim().min(1, message).max(ANSWER_TEXT_MAX, estimateAnswerMessages.textMax);

/** POST /api/estimates/:id/request-changes. */
export const requestEstimateChangesSchema = z.object({ comment: answerText(estimateAnswerMessages.comment) });
/** POST /api/estimates/:id/decline. */
export const declineEstimateSchema = z.object({ reason: answerText(estimateAnswerMessages.reason) });

/** GET /api/estimates?jobId=: the estimates of one job (the customer's own; an admin's any). */
export const estimateListQuerySchema = z.object({
  jobId: z.coerce
    .number({ message: estimateMessages.jobId })
    .int(estimateMessages.jobId)
    .positive(estimateMessages.jobId)
    .max(MAX_ID, estimateMessages.jobId)
    .optional(),
});
