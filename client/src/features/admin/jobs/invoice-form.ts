import type { Estimate } from "@common/contract/estimates";
import { createInvoiceSchema, type CreateInvoiceInput } from "@common/invoices";
import { invoiceTotals, MoneyRuleError } from "@common/money";
import { centsFromDollars, DOLLARS_MESSAGE } from "../money-input";

/**
 * The Issue final invoice form as the admin types it, every number as text, and the body POST
 * /api/admin/invoices takes (docs/decisions/0059-extra-lines-and-credit-notes.md): dollars turned
 * into integer cents, a credit made negative. The browser checks it with the server's schema and
 * previews the figures with the server's own function (invoiceTotals); the server decides them.
 */

export interface ExtraLineValues {
  description: string;
  quantity: string;
  unit: string;
  /** Dollars, as typed. */
  unitPrice: string;
}

export interface AdjustmentValues {
  description: string;
  /** A goodwill credit lowers the total, a surcharge raises it. */
  kind: "credit" | "surcharge";
  /** Dollars, as typed, without a sign. */
  amount: string;
}

export interface InvoiceValues {
  dueDate: string;
  extraLines: ExtraLineValues[];
  adjustments: AdjustmentValues[];
}

export const blankExtraLine = (): ExtraLineValues => ({ description: "", quantity: "1", unit: "", unitPrice: "" });
export const blankAdjustment = (): AdjustmentValues => ({ description: "", kind: "credit", amount: "" });

type InvoiceBody = Required<Pick<CreateInvoiceInput, "jobId" | "dueDate">> & {
  extraLines?: { description: string; quantity: number; unit: string; unitPrice: number }[];
  adjustments?: { description: string; amount: number }[];
};

/** Errors keyed by the body's paths ("extraLines.0.unitPrice", "adjustments"), as the server keys its own. */
export type ErrorMap = Record<string, string>;

const numberOf = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text.trim()));

/** The body to send (without extra lines or adjustments when none were added: SPEC's call as it was), and the errors of fields whose dollars cannot be read. */
export function toInvoiceBody(jobId: number, values: InvoiceValues): { body: InvoiceBody; errors: ErrorMap } {
  const errors: ErrorMap = {};
  const cents = (text: string, path: string): number => {
    const value = centsFromDollars(text);
    if (value === null) errors[path] = DOLLARS_MESSAGE;
    return value ?? Number.NaN;
  };
  const extraLines = values.extraLines.map((line, index) => ({
    description: line.description,
    quantity: numberOf(line.quantity),
    unit: line.unit,
    unitPrice: cents(line.unitPrice, `extraLines.${index}.unitPrice`),
  }));
  const adjustments = values.adjustments.map((adjustment, index) => {
    const amount = cents(adjustment.amount, `adjustments.${index}.amount`);
    return { description: adjustment.description, amount: adjustment.kind === "credit" ? -amount : amount };
  });
  return {
    body: { jobId, dueDate: values.dueDate, ...(extraLines.length ? { extraLines } : {}), ...(adjustments.length ? { adjustments } : {}) },
    errors,
  };
}

/** The schema's refusals of the body, by path, the first message of each. */
export function checkInvoice(body: InvoiceBody): ErrorMap {
  const checked = createInvoiceSchema.safeParse(body);
  const errors: ErrorMap = {};
  if (!checked.success) for (const issue of checked.error.issues) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

/** The accepted estimate's figures the invoice starts from: its lines, the options ticked, discount, tax rate and the deposit paid. */
function acceptedBasis(estimate: Estimate) {
  return {
    accepted: { lines: estimate.lines, discount: estimate.discount },
    options: {
      paid: estimate.depositPaid,
      taxRateBasisPoints: estimate.taxRateBasisPoints,
      chosenOptionalLineIds: estimate.response?.answer === "accepted" ? estimate.response.optionalLineIds : [],
    },
  };
}

type ExtraLine = NonNullable<InvoiceBody["extraLines"]>[number];
type InvoicePreview = ReturnType<typeof invoiceTotals<Estimate["lines"][number], ExtraLine>>;

/**
 * The invoice as it would be issued from what is typed, by common/money.ts as the server computes
 * it; or the money rule it breaks, under its field; or null while something typed is not a number yet.
 */
export function previewInvoice(estimate: Estimate, body: InvoiceBody): { figures: InvoicePreview } | { refused: { field: string; message: string } } | null {
  const { accepted, options } = acceptedBasis(estimate);
  if (Object.keys(checkInvoice(body)).some((path) => path.startsWith("extraLines") || path.startsWith("adjustments"))) return null;
  try {
    return { figures: invoiceTotals(accepted, { ...options, extraLines: body.extraLines ?? [], adjustments: body.adjustments ?? [] }) };
  } catch (error) {
    if (error instanceof MoneyRuleError) return { refused: { field: error.field, message: error.message } };
    if (error instanceof RangeError) return null;
    throw error;
  }
}
