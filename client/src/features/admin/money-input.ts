import { readTypedDollars, typedDollarsMessages } from "@common/money";

/** What a money field says when its dollars cannot be read. */
export const DOLLARS_MESSAGE = typedDollarsMessages.unreadable;

/**
 * Dollars as an admin types them into a money field ("45", "1,250.50", "$99.9", "3 850") as
 * integer cents, by the one reading of common/money.ts; null for anything else: a third decimal, a
 * minus sign, letters, a decimal comma. The server checks the cents.
 */
export function centsFromDollars(text: string): number | null {
  const read = readTypedDollars(text);
  return read.ok ? read.cents : null;
}

/**
 * The cents typed in a form's amount field; null once `refuse` has been handed DOLLARS_MESSAGE for
 * it, to show under the field.
 */
export function amountCents(dollars: string, refuse: (message: string) => void): number | null {
  const cents = centsFromDollars(dollars);
  if (cents === null) refuse(DOLLARS_MESSAGE);
  return cents;
}
