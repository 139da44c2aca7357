/** What a money field says when its dollars cannot be read. */
export const DOLLARS_MESSAGE = "Enter dollars and cents, such as 45 or 1,250.50";

/**
 * Dollars as an admin types them into a money field ("45", "1,250.50", "$99.9") as integer cents,
 * read from the digits, never through floating point (0.29 × 100 is 28.999…). Null for anything
 * else: a third decimal, a minus sign, letters, commas out of place. The server checks the cents.
 */
export function centsFromDollars(text: string): number | null {
  const typed = text.trim().replace(/^\$/, "");
  const match = /^(\d{1,3}(?:,\d{3})+|\d{1,12})(?:\.(\d{1,2}))?$/.exec(typed);
  if (!match) return null;
  const dollars = Number(match[1]!.replaceAll(",", ""));
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  return dollars * 100 + cents;
}
