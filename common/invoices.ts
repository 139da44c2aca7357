import { MAX_ID } from "./validation";

/**
 * An invoice's number (issue 16 item 4): the year, a dash, and the invoice's place in that year's
 * sequence, at least four digits: 2026-0001. Past 9999 the sequence simply grows (2026-10000), so a
 * busy year never wraps or repeats; numbers are ordered by their stored (year, sequence), never by
 * this text (docs/decisions/0023-money-rounding.md).
 */
export function formatInvoiceNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`An invoice year has four digits, not ${year}`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > MAX_ID) throw new RangeError(`An invoice's sequence is a whole number from 1 to ${MAX_ID}, not ${sequence}`);
  return `${year}-${String(sequence).padStart(4, "0")}`;
}
