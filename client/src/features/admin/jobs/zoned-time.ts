// A flight window is typed as wall-clock times at the site, in the site's time zone, and travels as
// UTC instants: these convert between the two without a date library.

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

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
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
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

/** The zone this browser is in: the calendar offers it beside the business's. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The names IANA retired that ICU (Node, Chromium) still lists as the main ones, each with the name
 * people use now; both are accepted everywhere, so a window stored under the old name still reads.
 */
const RENAMED: Readonly<Record<string, string>> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** A zone as the picker shows it: "America/Sao_Paulo" → "America/Sao Paulo". */
export const zoneLabel = (zone: string): string => zone.replaceAll("_", " ");

export interface ZoneGroup {
  label: string;
  zones: string[];
}

/**
 * The zone picker's choices: the business's zone first, then the zone chosen now when another (both
 * always there, whatever the search), then every current IANA name the browser knows, grouped by
 * region ("America", "Europe"; "UTC" under "Other") and narrowed to those whose name contains `query`.
 */
export function zoneGroups(business: string, chosen: string, query = ""): ZoneGroup[] {
  const wanted = query.trim().toLowerCase().replaceAll("_", " ");
  const pinned = [business, chosen];
  const regions = new Map<string, string[]>();
  // UTC is not in every browser's list; a window may still be given in it.
  const current = [...new Set([...Intl.supportedValuesOf("timeZone").map((zone) => RENAMED[zone] ?? zone), "UTC"])].sort();
  for (const zone of current) {
    if (pinned.includes(zone) || !zoneLabel(zone).toLowerCase().includes(wanted)) continue;
    const slash = zone.indexOf("/");
    const region = slash > 0 ? zone.slice(0, slash) : "Other";
    regions.set(region, [...(regions.get(region) ?? []), zone]);
  }
  const grouped = [...regions].sort(([a], [b]) => (a === "Other" ? 1 : b === "Other" ? -1 : a.localeCompare(b))).map(([label, zones]) => ({ label, zones }));
  const first = [{ label: "The business's zone", zones: [business] }, ...(chosen === business ? [] : [{ label: "Chosen", zones: [chosen] }])];
  return [...first, ...grouped];
}
