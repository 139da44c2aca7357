import { createHash } from "node:crypto";
import type { EstimateView } from "./read-estimates";

/**
 * What a customer signs when accepting (docs/decisions/0026-quote-to-cash.md):
 * exactly the estimate's text (its number and revision, the job, every line as offered, the
 * discount, tax rate and deposit rule, the valid-until day and the note), the optional lines they
 * ticked and the figures those came to. Its SHA-256 is kept with the signature, so what was signed
 * can be proven later against the stored revision.
 */
/**
 * A line as signed: its text and figures. Which price list item it came from is the back office's
 * note, not part of the offer, and the database forgets it when that item is deleted
 * (docs/decisions/0056-price-list.md), so it stays out of what is hashed.
 */
type SignedLine = Omit<EstimateView["lines"][number], "priceListItemId">;

export interface AcceptedContent {
  number: number;
  revision: number;
  jobTitle: string;
  currency: string;
  lines: SignedLine[];
  discount: number;
  taxRateBasisPoints: number;
  deposit: { percent: number } | { amount: number };
  validUntil: string;
  note: string;
  chosenOptionalLineIds: number[];
  accepted: { subtotal: number; tax: number; total: number; depositAmount: number };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** JSON with every object's keys sorted and no spaces: the same content always gives the same text. */
export function canonicalJson(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key]!)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The content of an acceptance: the revision as read (its lines in order), the ticked lines (ascending) and the accepted figures. */
export function acceptedContent(
  estimate: Pick<
    EstimateView,
    "number" | "revision" | "jobTitle" | "currency" | "discount" | "taxRateBasisPoints" | "depositPercent" | "depositAmount" | "validUntil" | "note"
  > & {
    lines: readonly (SignedLine & { priceListItemId?: number | null })[];
  },
  chosenOptionalLineIds: readonly number[],
  accepted: AcceptedContent["accepted"],
): AcceptedContent {
  return {
    number: estimate.number,
    revision: estimate.revision,
    jobTitle: estimate.jobTitle,
    currency: estimate.currency,
    lines: [...estimate.lines].sort((a, b) => a.position - b.position).map(({ priceListItemId: _item, ...line }) => line),
    discount: estimate.discount,
    taxRateBasisPoints: estimate.taxRateBasisPoints,
    deposit: estimate.depositPercent === null ? { amount: estimate.depositAmount } : { percent: estimate.depositPercent },
    validUntil: estimate.validUntil,
    note: estimate.note,
    chosenOptionalLineIds: [...chosenOptionalLineIds].sort((a, b) => a - b),
    accepted,
  };
}

/** Hex SHA-256 of the content's canonical JSON (UTF-8). */
export function acceptedSha256(content: AcceptedContent): string {
  return createHash("sha256")
    .update(canonicalJson(content as unknown as Json), "utf8")
    .digest("hex");
}
