// What the back office's screens say of the operator's records, without zod: the warnings on the
// back office's home and job page import it, and their budget has no room for the schemas
// (common/operator-records.ts holds those).

export const AIRCRAFT_STATUSES = ["in-service", "grounded"] as const;
export type AircraftStatus = (typeof AIRCRAFT_STATUSES)[number];
export const AIRCRAFT_STATUS_LABELS: Record<AircraftStatus, string> = { "in-service": "In service", grounded: "Grounded" };

/** How far ahead an expiry shows as a warning on the job page and the back-office home. */
export const EXPIRY_WARNING_DAYS = 30;

/** The days before an expiry when the admins, and a pilot of their own certificate, are mailed: 30, 7 and the day itself (or once, if already past). */
export const EXPIRY_REMINDER_DAYS = [30, 7, 0] as const;
