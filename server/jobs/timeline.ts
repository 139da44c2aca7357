import { JOB_STEPS, type JobStatus } from "@common/job-status";
import type { FlightRecord } from "../db/schema";

type Step = (typeof JOB_STEPS)[number];

/** One step of the customer's timeline: when the job reached it, and for the flight the day it was flown. */
export interface TimelineStep {
  step: Step;
  at: Date | null;
  on: string | null;
}

/**
 * Each step of the job's path with its date, from its history (oldest first): the moment it first
 * reached the step, or, for a step it went past without stopping (flown → delivered skips
 * processing), the moment it went past. The flight's step carries the flight record's own day,
 * which the admin may record days after the flight.
 */
export function jobTimeline(events: readonly { at: Date; to: JobStatus }[], flight: Pick<FlightRecord, "flownOn"> | null): TimelineStep[] {
  const indexOf = (status: JobStatus) => JOB_STEPS.indexOf(status as Step);
  return JOB_STEPS.map((step, index) => {
    const reached = events.find((event) => event.to === step) ?? events.find((event) => indexOf(event.to) > index);
    return { step, at: reached?.at ?? null, on: step === "flown" ? (flight?.flownOn ?? null) : null };
  });
}
