import { CalendarDays, RefreshCw } from "lucide-react";
import { Link } from "wouter";
import type { AdminOverview } from "@common/contract/overview";
import { FLIGHT_HORIZON_DAYS } from "@common/flights";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState, ErrorState, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { formatWindow } from "@/lib/job-window";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { cn } from "@/lib/utils";
import { ComplianceWarnings } from "../fleet/compliance-warnings";
import { useOverview } from "./api/get-overview";
import { type HomeFigure, homeFigures } from "./home-figures";

const LOAD_FAILED = "Failed to load the overview";
const linkClass = "text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring";

/** One figure: the big number and what it counts, one link to the list behind it; its parts' links under it. */
function FigureCard({ figure }: { figure: HomeFigure }) {
  const alarming = figure.urgent && figure.count > 0;
  return (
    <li>
      <Card className={cn("flex h-full flex-col gap-2 p-5", alarming && "border-destructive/70")}>
        <Link href={figure.href} className="group flex flex-col gap-1 rounded-md focus-visible:outline-2 focus-visible:outline-ring">
          <span className={cn("font-mono text-4xl font-bold tabular-nums sm:text-5xl", alarming ? "text-destructive" : "text-primary")}>{figure.count}</span>{" "}
          <span className="font-semibold break-words group-hover:underline group-hover:underline-offset-4">{figure.label}</span>
        </Link>
        <p className="text-sm text-muted-foreground">{figure.detail}</p>
        {figure.links.length ? (
          <ul className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {figure.links.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
    </li>
  );
}

/** The flights of the coming days by pilot, each a line: the job (a link to its page) and its window in the site's time zone. */
function FlightsByPilot({ flights }: { flights: AdminOverview["flights"] }) {
  return (
    <section aria-labelledby="home-flights-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="home-flights-heading" className="text-xl font-bold tracking-tight">
          Flights in the next {FLIGHT_HORIZON_DAYS} days
        </h3>
        <Link href={flights.href} className={cn(linkClass, "inline-flex items-center gap-2 text-sm")}>
          <CalendarDays aria-hidden className="size-4" />
          Open the calendar
        </Link>
      </div>
      {flights.pilots.length ? (
        <div className="grid gap-4 md:grid-cols-2">
          {flights.pilots.map((pilot) => (
            <section key={pilot.pilotId ?? "none"} aria-labelledby={`home-pilot-${pilot.pilotId ?? "none"}`} className="rounded-lg border p-4">
              <h4 id={`home-pilot-${pilot.pilotId ?? "none"}`} className="font-semibold">
                {pilot.pilotName ?? "No pilot assigned"}
                <span className="font-normal text-muted-foreground">
                  {" "}
                  · {pilot.flights.length} {pilot.flights.length === 1 ? "flight" : "flights"}
                </span>
              </h4>
              <ul className="mt-2 divide-y text-sm">
                {pilot.flights.map((flight) => (
                  <li key={flight.jobId} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                    <Link href={flight.href} className={cn(linkClass, "break-words")}>
                      {flight.jobTitle}
                      <span className="sr-only"> (job #{flight.jobId})</span>
                    </Link>
                    <span className="text-muted-foreground tabular-nums">{formatWindow(flight.start, flight.end, flight.timeZone)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : (
        <EmptyState icon={<CalendarDays />}>No flights in the next {FLIGHT_HORIZON_DAYS} days.</EmptyState>
      )}
    </section>
  );
}

/**
 * Home, the tab an admin's back office opens on (docs/decisions/0057-back-office-home.md): the
 * figures the server computes, what needs doing first at the top, each a link to the list behind
 * it; then the operator's records that lapse within 30 days, and the coming days' flights by pilot.
 */
export function BackOfficeHome() {
  const overview = useOverview();
  useLoadErrorToast(overview, LOAD_FAILED);
  return (
    <section aria-labelledby="home-heading" className="space-y-8">
      <PanelHeader id="home-heading" title="Home">
        <Button type="button" variant="outline" disabled={overview.isFetching} onClick={() => void overview.refetch()}>
          <RefreshCw aria-hidden className={overview.isFetching ? "animate-spin" : undefined} />
          Refresh
        </Button>
      </PanelHeader>
      {overview.isPending ? (
        <LoadingState label="Loading the overview…" />
      ) : overview.isError ? (
        <ErrorState>{LOAD_FAILED}</ErrorState>
      ) : (
        <>
          <section aria-labelledby="home-first-heading" className="space-y-4">
            <h3 id="home-first-heading" className="text-xl font-bold tracking-tight">
              What needs doing first
            </h3>
            <ol aria-labelledby="home-first-heading" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {homeFigures(overview.data).map((figure) => (
                <FigureCard key={figure.key} figure={figure} />
              ))}
            </ol>
          </section>
          <ComplianceWarnings />
          <FlightsByPilot flights={overview.data.flights} />
        </>
      )}
    </section>
  );
}
