import { CONTACT_SERVICES } from "@common/contact";
import { PAGE_QUOTE_SERVICES } from "@common/quotes";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const dayAndTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** Prices travel in cents (SPEC §3); 4900 → "$49.00". */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

function format(iso: string, formatter: Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}

/** "Jan 5, 2026"; an unreadable value as given. */
export const formatDate = (iso: string) => format(iso, day);

/** "Jan 5, 2026, 3:04 PM"; an unreadable value as given. */
export const formatDateTime = (iso: string) => format(iso, dayAndTime);

/** The server answers ?download=1 with Content-Disposition: attachment. */
export function downloadUrl(fileUrl: string): string {
  return `${fileUrl}${fileUrl.includes("?") ? "&" : "?"}download=1`;
}

// The quote page's list is a superset of the contact form's, so together they name every service.
const serviceLabels = new Map<string, string>([...CONTACT_SERVICES, ...PAGE_QUOTE_SERVICES].map((s) => [s.value, s.label]));

/** "solar" → "Solar Inspections"; a value we do not know reads as given. */
export function serviceLabel(value: string): string {
  return serviceLabels.get(value) ?? value;
}
