import type { Job } from "@common/contract/jobs";

/** Two jobs whose flight windows overlap with the same pilot. */
export interface DoubleBooking {
  pilotName: string;
  first: Job;
  second: Job;
}

type Booked = Job & { scheduledStart: string; scheduledEnd: string; pilotId: number };

const isBooked = (job: Job): job is Booked =>
  job.scheduledStart !== null && job.scheduledEnd !== null && job.pilotId !== null && job.status !== "cancelled" && job.status !== "closed";

/**
 * Every pair of jobs that books one pilot twice at the same time: windows that overlap, touching
 * ends excepted (a flight may start when the last one ends). Cancelled and closed jobs book nobody.
 */
export function doubleBookings(jobs: readonly Job[]): DoubleBooking[] {
  const booked = jobs.filter(isBooked).sort((a, b) => Date.parse(a.scheduledStart) - Date.parse(b.scheduledStart));
  const found: DoubleBooking[] = [];
  for (const [index, first] of booked.entries()) {
    for (const second of booked.slice(index + 1)) {
      if (Date.parse(second.scheduledStart) >= Date.parse(first.scheduledEnd)) break;
      if (second.pilotId === first.pilotId) found.push({ pilotName: first.pilotName ?? `Pilot #${first.pilotId}`, first, second });
    }
  }
  return found;
}
