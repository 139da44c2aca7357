// The time zones the flight calendar offers and how it names them; the wall-clock conversions are common/wall-clock.ts.

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
