import { AlertTriangle, CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import type { Job } from "@common/contract/jobs";
import { calendarDateIn } from "@common/calendar-date";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/input";
import { ErrorState, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { cn } from "@/lib/utils";
import { NO_JOB_FILTERS, useAdminJobs } from "./api/get-admin-jobs";
import { doubleBookings } from "./double-bookings";
import { JobLink, useAddressParam } from "./job-address";
import { getSiteConfig } from "@/lib/site-config";
import { isoToZoned } from "@common/wall-clock";
import { browserTimeZone, zoneLabel } from "./zoned-time";

type View = "month" | "week";

const DAY_MS = 86_400_000;
const monthLabel = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" });
const dayLabel = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric" });
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** Midnight (here) of the Monday of the date's week. */
function weekStart(date: Date): Date {
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  start.setDate(start.getDate() - ((start.getDay() + 6) % 7));
  return start;
}

/** The days the view shows: a week, or the whole weeks that cover the month. */
function daysOf(view: View, anchor: Date): Date[] {
  const first = view === "week" ? weekStart(anchor) : weekStart(new Date(anchor.getFullYear(), anchor.getMonth(), 1));
  const last = view === "week" ? first : weekStart(new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0));
  const count = Math.round((last.getTime() - first.getTime()) / DAY_MS) + 7;
  return Array.from({ length: count }, (_, index) => new Date(first.getFullYear(), first.getMonth(), first.getDate() + index));
}

function moved(view: View, anchor: Date, step: number): Date {
  return view === "week"
    ? new Date(anchor.getFullYear(), anchor.getMonth(), anchor.getDate() + 7 * step)
    : new Date(anchor.getFullYear(), anchor.getMonth() + step, 1);
}

const pad = (value: number) => String(value).padStart(2, "0");

/** A calendar day as the address holds it (YYYY-MM-DD); the grid's Date objects stand for days, whatever the zone. */
const asDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The day a YYYY-MM-DD names, or null. */
function dayFrom(param: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(param);
  const date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(Number.NaN);
  return Number.isNaN(date.getTime()) ? null : date;
}

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The zones the calendar can show: the business's (the default), and this browser's when another. */
function zoneChoices(): { zone: string; label: string }[] {
  const business = getSiteConfig().businessTimeZone;
  const browser = browserTimeZone();
  return [
    { zone: business, label: `${zoneLabel(business)} (the business's)` },
    ...(browser === business ? [] : [{ zone: browser, label: `${zoneLabel(browser)} (this browser's)` }]),
  ];
}

type Flight = Job & { scheduledStart: string; scheduledEnd: string };
const isFlight = (job: Job): job is Flight => job.scheduledStart !== null && job.scheduledEnd !== null && job.status !== "cancelled";

/** A flight on the calendar: its time, job and pilot, linking to the job's page; marked when its pilot is booked twice. */
function FlightLink({ flight, clashing, zone }: { flight: Flight; clashing: boolean; zone: string }) {
  return (
    <JobLink
      jobId={flight.id}
      className={cn(
        "block w-full rounded-sm border px-1.5 py-1 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring",
        clashing ? "border-destructive/60 text-destructive" : "border-primary/40",
      )}
    >
      <span className="block font-semibold">
        {clashing ? (
          <>
            <AlertTriangle aria-hidden className="mr-1 inline size-3" />
            <span className="sr-only">Double booked: </span>
          </>
        ) : null}
        {isoToZoned(flight.scheduledStart, zone).slice(11)}–{isoToZoned(flight.scheduledEnd, zone).slice(11)}
      </span>
      <span className="block">{flight.title}</span>
      <span className="block text-muted-foreground">{flight.pilotName ?? "No pilot"}</span>
    </JobLink>
  );
}

/**
 * The flights on a calendar, by month or by week: each flight's time (24-hour, in the zone it says
 * it shows: the business's by default, BUSINESS_TIME_ZONE, or this browser's), job and pilot,
 * linking to the job's page, and a warning above when a pilot is booked twice at the same time. The
 * view, the day and the zone live in the address, so Back from a job returns to them.
 */
export function FlightCalendar() {
  const [viewParam, setViewParam] = useAddressParam("view");
  const [shownDay, setShownDay] = useAddressParam("day");
  const [zoneParam, setZoneParam] = useAddressParam("zone");
  const view: View = viewParam === "week" ? "week" : "month";
  const setView = (next: View) => setViewParam(next === "month" ? "" : next);
  const zones = zoneChoices();
  const zone = zones.find((choice) => choice.zone === zoneParam)?.zone ?? getSiteConfig().businessTimeZone;
  const today = dayFrom(calendarDateIn(zone)) ?? new Date();
  const anchor = dayFrom(shownDay) ?? today;
  const setAnchor = (date: Date) => setShownDay(sameDay(date, today) ? "" : asDay(date));
  const jobs = useAdminJobs(NO_JOB_FILTERS);
  const flights = (jobs.data ?? []).filter(isFlight);
  const clashes = doubleBookings(jobs.data ?? []);
  const clashing = new Set(clashes.flatMap(({ first, second }) => [first.id, second.id]));
  const days = daysOf(view, anchor);
  const period = view === "month" ? monthLabel.format(anchor) : `Week of ${dayLabel.format(days[0] ?? anchor)}`;
  const flightsOn = (day: Date) => flights.filter((flight) => isoToZoned(flight.scheduledStart, zone).slice(0, 10) === asDay(day));
  const outside = (day: Date) => view === "month" && day.getMonth() !== anchor.getMonth();
  // Phones list the days that have flights (an agenda); wider screens show the grid of the whole period.
  const agenda = days.filter((day) => !outside(day) && flightsOn(day).length);

  return (
    <section aria-labelledby="calendar-heading" className="space-y-5">
      <PanelHeader id="calendar-heading" title="Calendar">
        <div role="group" aria-label="Calendar view" className="flex gap-2">
          {(["month", "week"] as const).map((choice) => (
            <Button
              key={choice}
              type="button"
              size="sm"
              variant="outline"
              aria-pressed={view === choice}
              className={cn(view === choice && "bg-primary/15 text-foreground")}
              onClick={() => setView(choice)}
            >
              {choice === "month" ? "Month" : "Week"}
            </Button>
          ))}
        </div>
      </PanelHeader>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          size="icon"
          variant="ghost"
          aria-label={view === "month" ? "Previous month" : "Previous week"}
          onClick={() => setAnchor(moved(view, anchor, -1))}
        >
          <ChevronLeft aria-hidden />
        </Button>
        <h3 aria-live="polite" className="min-w-48 text-center text-lg font-bold">
          {period}
        </h3>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          aria-label={view === "month" ? "Next month" : "Next week"}
          onClick={() => setAnchor(moved(view, anchor, 1))}
        >
          <ChevronRight aria-hidden />
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setAnchor(today)}>
          Today
        </Button>
        <label className="ml-auto flex min-w-0 max-w-full items-center gap-2 text-sm">
          <span id="calendar-zone-label">Times in</span>
          <NativeSelect
            aria-labelledby="calendar-zone-label"
            className="w-auto min-w-0 max-w-full"
            value={zone}
            onChange={(event) => setZoneParam(event.target.value === zones[0]?.zone ? "" : event.target.value)}
          >
            {zones.map((choice) => (
              <option key={choice.zone} value={choice.zone}>
                {choice.label}
              </option>
            ))}
          </NativeSelect>
        </label>
      </div>
      <p className="text-sm text-muted-foreground">Times in {zoneLabel(zone)}, 24-hour clock.</p>
      {clashes.length ? (
        <div role="alert" className="space-y-1 rounded-md border border-destructive/60 px-4 py-3 text-destructive">
          {clashes.map(({ pilotName, first, second }) => (
            <p key={`${first.id}-${second.id}`} className="flex items-center gap-2">
              <AlertTriangle aria-hidden className="size-4 shrink-0" />
              Double booking: {pilotName} is booked for “{first.title}” and “{second.title}” at the same time.
            </p>
          ))}
        </div>
      ) : null}
      {jobs.isPending ? (
        <LoadingState label="Loading flights…" />
      ) : jobs.isError ? (
        <ErrorState>{jobs.error.message || "Failed to load jobs"}</ErrorState>
      ) : (
        <>
          <ol aria-label={`Flights, ${period}`} className="space-y-4 sm:hidden">
            {agenda.map((day) => (
              <li
                key={day.toISOString()}
                aria-label={dayLabel.format(day)}
                className={cn("space-y-1 rounded-md border p-2 text-sm", sameDay(day, today) && "border-primary")}
              >
                <p aria-hidden className="hud-label text-muted-foreground">
                  {dayLabel.format(day)}
                </p>
                <ul className="space-y-1">
                  {flightsOn(day).map((flight) => (
                    <li key={flight.id}>
                      <FlightLink flight={flight} clashing={clashing.has(flight.id)} zone={zone} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          {flights.length && !agenda.length ? <p className="text-muted-foreground sm:hidden">No flights this {view}.</p> : null}
          <div className="relative overflow-x-auto max-sm:hidden">
            <div aria-hidden className="hud-label grid min-w-[42rem] grid-cols-7 gap-1 pb-1 text-muted-foreground">
              {WEEKDAYS.map((weekday) => (
                <span key={weekday} className="px-2">
                  {weekday}
                </span>
              ))}
            </div>
            <ol aria-label={`Flights, ${period}`} className="grid min-w-[42rem] grid-cols-7 gap-1">
              {days.map((day) => {
                const onDay = flightsOn(day);
                return (
                  <li
                    key={day.toISOString()}
                    aria-label={dayLabel.format(day)}
                    // A day of the months around is drawn dashed, not faded: its flights keep their contrast.
                    className={cn("min-h-24 rounded-md border p-1.5 text-xs", outside(day) && "border-dashed", sameDay(day, today) && "border-primary")}
                  >
                    <span aria-hidden className="font-mono text-muted-foreground">
                      {day.getDate()}
                    </span>
                    {onDay.length ? (
                      <ul className="mt-1 space-y-1">
                        {onDay.map((flight) => (
                          <li key={flight.id}>
                            <FlightLink flight={flight} clashing={clashing.has(flight.id)} zone={zone} />
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          </div>
        </>
      )}
      {!jobs.isPending && flights.length === 0 ? (
        <p className="flex items-center gap-2 text-muted-foreground">
          <CalendarDays aria-hidden className="size-4" />
          No flights scheduled yet.
        </p>
      ) : null}
    </section>
  );
}
