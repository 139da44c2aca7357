import { createEvent } from "ics";
import type { Job } from "../db/schema";

/** The job's page for its customer: the link the .ics and the job mails carry. */
export const jobPageUrl = (publicUrl: string, jobId: number): string => `${publicUrl}/dashboard/jobs/${jobId}`;

/**
 * The flight window as an iCalendar file, for "Add to calendar" and the scheduling mail. One UID
 * per job, so a rescheduled window replaces the first in the customer's calendar. LOCATION is the
 * site's name and address, and DESCRIPTION and URL link to the job's page (PUBLIC_URL), so the
 * calendar entry leads back to the job.
 */
export function flightCalendar(
  job: Pick<Job, "id" | "title" | "status" | "siteName" | "siteAddress" | "siteLatitude" | "siteLongitude" | "scheduledStart" | "scheduledEnd">,
  publicUrl: string,
): string | null {
  if (!job.scheduledStart || !job.scheduledEnd) return null;
  const site = [job.siteName, job.siteAddress].filter(Boolean).join(", ");
  const url = jobPageUrl(publicUrl, job.id);
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
    description: [`Drone flight for "${job.title}"${site ? ` at ${site}` : ""}.`, `The job: ${url}`].join("\n"),
    url,
    ...(job.siteLatitude !== null && job.siteLongitude !== null ? { geo: { lat: job.siteLatitude, lon: job.siteLongitude } } : {}),
    status: job.status === "cancelled" ? "CANCELLED" : "CONFIRMED",
    productId: "skyvantage/jobs",
  });
  if (error || !value) throw error ?? new Error("no calendar produced");
  return value;
}
