// Wall-clock times at a place, in its time zone, and the UTC instants they are: a flight window typed
// at the site, a photo's time taken as its camera wrote it. These convert between the two without a
// date library.

/** "2026-12-01T09:30", or with seconds "2026-12-01T09:30:15" (a camera's time taken). */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

function wallClockParts(instant: number, timeZone: string): Record<string, number> {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  return Object.fromEntries(parts.filter((part) => part.type !== "literal").map((part) => [part.type, Number(part.value)]));
}

/** How far the zone's wall clock is ahead of UTC at that instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = wallClockParts(instant, timeZone);
  return Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(instant / 1000) * 1000;
}

/** "2026-12-01T09:30" in Europe/Paris → "2026-12-01T08:30:00.000Z"; "" when not a time (the schema then names the field). */
export function zonedToIso(wallClock: string, timeZone: string): string {
  const match = WALL_CLOCK.exec(wallClock);
  if (!match) return "";
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  try {
    // Twice: the offset at the first guess can differ from the offset at the answer around a DST change.
    const guess = asUtc - offsetAt(asUtc, timeZone);
    return new Date(asUtc - offsetAt(guess, timeZone)).toISOString();
  } catch {
    return "";
  }
}

const pad = (value: number | undefined) => String(value ?? 0).padStart(2, "0");

/** The reverse: an instant as the zone's wall clock, for a datetime-local input. */
export function isoToZoned(iso: string, timeZone: string): string {
  const { year, month, day, hour, minute } = wallClockParts(Date.parse(iso), timeZone);
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}
