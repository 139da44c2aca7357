// Share links (issue 19): a job's deliverables handed to someone without an account. Plain data,
// without zod, so the recipient's page and the owner's list read them without the validation library.

/** A PIN is 4 to 12 digits: what people can read out over the phone. */
export const SHARE_PIN_PATTERN = /^\d{4,12}$/;

/** The furthest a link may be set to expire, from the moment it is made. */
export const SHARE_MAX_DAYS = 365;

/** Wrong PINs one address may try in a window, across every link, and wrong PINs one link takes from everyone. */
export const SHARE_PIN_LIMITS = { perAddress: 5, perLink: 20, windowMinutes: 15 } as const;

/** What the access log records. */
export const SHARE_EVENTS = ["opened", "downloaded"] as const;
export type ShareEvent = (typeof SHARE_EVENTS)[number];

/** Where a link stands. */
export const SHARE_LINK_STATES = ["active", "expired", "revoked"] as const;
export type ShareLinkState = (typeof SHARE_LINK_STATES)[number];

export const shareLinkMessages = {
  expiresAtFormat: "expiresAt must be a date and time, such as 2030-01-31T23:59:00Z",
  expiresAtPast: "expiresAt must be in the future",
  expiresAtTooFar: `expiresAt must be at most ${SHARE_MAX_DAYS} days from now`,
  pinFormat: "pin must be 4 to 12 digits",
  pinEntry: "The PIN is 4 to 12 digits",
  allowDownload: "allowDownload must be true or false",
  notSharer: "Only the job's customer and the admins may share its deliverables",
  notFound: "Share link not found",
  itemNotInJob: (kind: string, id: number) => `${kind} ${id} is not among this job's deliverables`,
  expired: "This share link has expired. Ask the person who sent it for a new one.",
  revoked: "This share link has been revoked. Ask the person who sent it for a new one.",
  pinRequired: "Enter the PIN to open this link",
  wrongPin: "That PIN is not right. Please try again.",
  tooManyPins: `Too many wrong PINs. Please wait ${SHARE_PIN_LIMITS.windowMinutes} minutes and try again.`,
  viewOnly: "This link is view-only: downloads are not allowed",
  revokedDone: "Share link revoked",
} as const;

/** The page of the site a link opens. */
export const sharePageUrl = (token: string): string => `/share/${token}`;

/** Where the recipient's page reads the share and its files. */
export const shareApiUrl = (token: string): string => `/api/share/${encodeURIComponent(token)}`;

/** The access log's words for one entry. */
export function shareEventText(event: { what: ShareEvent; itemName: string }): string {
  return event.what === "opened" ? "Opened the page" : `Downloaded ${event.itemName}`;
}
