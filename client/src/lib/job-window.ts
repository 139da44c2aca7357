// timeZoneName cannot go with dateStyle/timeStyle (Intl throws), so the end's time is spelled out by field.
function makeFormatters(timeZone: string) {
  return {
    start: new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone }),
    end: new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" }),
  };
}

/**
 * One pair per time zone, made on first use: a formatter with a time zone loads the zone's rules,
 * 10–40 ms of a phone's CPU each time, and a jobs board formats a window per row.
 */
const byZone = new Map<string, ReturnType<typeof makeFormatters>>();
function formatters(timeZone: string): ReturnType<typeof makeFormatters> {
  let made = byZone.get(timeZone);
  if (!made) {
    made = makeFormatters(timeZone);
    byZone.set(timeZone, made);
  }
  return made;
}

/**
 * "Dec 1, 2026, 9:30 AM – 11:00 AM GMT+1": a flight window read in its own time zone, the site's.
 * A zone this browser does not know reads as UTC rather than breaking the page.
 */
export function formatWindow(start: string, end: string, timeZone: string): string {
  let format: ReturnType<typeof formatters>;
  try {
    format = formatters(timeZone);
  } catch {
    format = formatters("UTC");
  }
  return `${format.start.format(new Date(start))} – ${format.end.format(new Date(end))}`;
}
