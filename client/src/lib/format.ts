import { formatMoney } from "@common/money";
import { dateFormat } from "./intl-on-first-use";
import { getSiteConfig } from "./site-config";

const day = dateFormat({ dateStyle: "medium" });
const calendarDay = dateFormat({ dateStyle: "medium", timeZone: "UTC" });
const dayAndTime = dateFormat({ dateStyle: "medium", timeStyle: "short" });

/** SPEC's services are priced in dollars, in cents (docs/product.md §3); 4900 → "$49.00". */
function formatUsd(cents: number): string {
  return formatMoney(cents, "USD");
}

/** 4900 → "$49.00/month". */
export function formatMonthlyPrice(cents: number): string {
  return `${formatUsd(cents)}/month`;
}

/** A money field's label with the business's currency: "Unit price (EUR)". */
export const withCurrency = (label: string): string => `${label} (${getSiteConfig().currency})`;

/** An amount in the business's currency (its settings: the page's site config), for what carries none of its own (a quote's price). */
export function formatBusinessMoney(cents: number): string {
  return formatMoney(cents, getSiteConfig().currency);
}

/** An amount of money that was paid, in the currency it was paid in (payments keep the provider's lower-case code). */
export function formatPaymentMoney(cents: number, payment: { currency: string }): string {
  return formatMoney(cents, payment.currency.toUpperCase());
}

function format(iso: string, formatter: () => Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter().format(date);
}

/** An ISO timestamp as "Jan 5, 2026"; an unreadable value as given. */
export const formatDate = (iso: string): string => format(iso, day);

/** A calendar day (YYYY-MM-DD: a due date, a valid-until day) as "Jan 5, 2026", the day it names wherever the browser is; an unreadable value as given. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  // Noon UTC of that day, formatted in UTC: no time zone can move it to the day before or after.
  return calendarDay().format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12)));
}

/** "Jan 5, 2026, 3:04 PM"; an unreadable value as given. */
export const formatDateTime = (iso: string): string => format(iso, dayAndTime);

/** Adds a query parameter to a same-site file address that may already carry one. */
export function withQueryParam(url: string, name: string, value: string | number): string {
  return `${url}${url.includes("?") ? "&" : "?"}${name}=${encodeURIComponent(String(value))}`;
}

/** The server answers ?download=1 with Content-Disposition: attachment. */
export function downloadUrl(fileUrl: string): string {
  return withQueryParam(fileUrl, "download", 1);
}

export type MediaKind = "image" | "video" | "file";

/** fileType is a mime type or the bare word "image" or "video" (docs/product.md §3). */
export function mediaKind(fileType: string): MediaKind {
  const type = fileType.toLowerCase();
  if (type.startsWith("video")) return "video";
  if (type.startsWith("image")) return "image";
  return "file";
}

export const MEDIA_KIND_LABELS: Record<MediaKind, string> = { image: "Image", video: "Video", file: "File" };

/** A video's length as players show it: 3.2 → "0:03", 754 → "12:34", 3725 → "1:02:05". */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}
