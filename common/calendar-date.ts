/**
 * Calendar dates ("2026-03-01") as the business reads them: an estimate's valid-until day, an
 * invoice's issue and due days. "Today" is the business's day in its time zone
 * (BUSINESS_TIME_ZONE), so an estimate valid until the 1st expires at the business's midnight.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of `at` in `timeZone` as YYYY-MM-DD. */
export function calendarDateIn(timeZone: string, at: Date = new Date()): string {
  let format = formats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD; throws a RangeError for a zone this runtime does not know.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formats.set(timeZone, format);
  }
  return format.format(at);
}

/** The day `days` after a YYYY-MM-DD day (negative: before), counted in whole calendar days. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Whether a zone name is one this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
