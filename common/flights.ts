// Which flights are still to come, read alike by the back office's home (the server's overview) and
// a pilot's (their own jobs in the browser). Plain data, without zod.
import type { JobStatus } from "./job-status";

/** How many days ahead the homes list flights. */
export const FLIGHT_HORIZON_DAYS = 7;

const DAY_MS = 86_400_000;

/** A job with its flight window: Dates on the server, ISO strings on the wire. */
interface FlightWindow {
  status: JobStatus;
  scheduledStart: Date | string | null;
  scheduledEnd: Date | string | null;
}

const instant = (at: Date | string): number => new Date(at).getTime();

/** A scheduled job whose window has not ended yet: a flight to come, or under way. */
export function isComingFlight(job: FlightWindow, now: Date): boolean {
  return job.status === "scheduled" && job.scheduledStart !== null && job.scheduledEnd !== null && instant(job.scheduledEnd) > now.getTime();
}

/** A flight to come whose window starts within `days` days of `now`. */
export function fliesWithin(job: FlightWindow, now: Date, days: number = FLIGHT_HORIZON_DAYS): boolean {
  return isComingFlight(job, now) && instant(job.scheduledStart!) < now.getTime() + days * DAY_MS;
}
