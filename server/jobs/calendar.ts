import { createEvent } from "ics";
import type { Job } from "../db/schema";

/**
 * The flight window as an iCalendar file, for "Add to calendar" and the scheduling mail. One UID
 * per job, so a rescheduled window replaces the first in the customer's calendar.
 */
export function flightCalendar(job: Pick<Job, "id" | "title" | "status" | "siteName" | "siteAddress" | "siteLatitude" | "siteLongitude" | "scheduledStart" | "scheduledEnd">): string | null {
  if (!job.scheduledStart || !job.scheduledEnd) return null;
  const site = [job.siteName, job.siteAddress].filter(Boolean).join(", ");
  const { error, value } = createEvent({
    uid: `job-${job.id}@skyvantage`,
    title: `Drone flight: ${job.title}`,
    start: job.scheduledStart.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: job.scheduledEnd.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    ...(site ? { location: site } : {}),
    ...(job.siteLatitude !== null && job.siteLongitude !== null ? { geo: { lat: job.siteLatitude, lon: job.siteLongitude } } : {}),
    status: job.status === "cancelled" ? "CANCELLED" : "CONFIRMED",
    productId: "skyvantage/jobs",
  });
  if (error || !value) throw error ?? new Error("no calendar produced");
  return value;
}
