// Share links (docs/decisions/0034-share-links.md): a job's deliverables handed to someone without
// an account. Plain data, without zod, so the recipient's page and the owner's list read them
// without the validation library.

/**
 * A PIN entered on the recipient's page is 4 to 12 digits: links made before new PINs needed 6
 * digits keep their 4 or 5 (docs/decisions/0044-share-link-pins.md).
 */
export const SHARE_PIN_PATTERN = /^\d{4,12}$/;

/** A new link's PIN is 6 to 12 digits: a million PINs at least, against the guessing limits below. */
export const NEW_SHARE_PIN_PATTERN = /^\d{6,12}$/;

/** The furthest a link may be set to expire, from the moment it is made. */
export const SHARE_MAX_DAYS = 365;

/**
 * How PIN guessing is held back (docs/decisions/0044-share-link-pins.md): wrong PINs one address
 * may try in a window across every link; per link, from its second wrong PIN, an address that has
 * entered a wrong PIN waits out a back-off that doubles with each of the link's wrong PINs, up to a
 * maximum (a recipient's first slip costs no wait); and the link's
 * `ceiling`-th wrong PIN closes it for good. An address with no wrong PIN on a link is never
 * held back by other addresses' guesses.
 */
export const SHARE_PIN_LIMITS = {
  perAddress: 5,
  windowMinutes: 15,
  backoffFromWrongPin: 2,
  backoffFirstSeconds: 1,
  backoffMaxSeconds: 3600,
  ceiling: 50,
} as const;

/** What the access log records. */
export const SHARE_EVENTS = ["opened", "downloaded", "wrong-pin"] as const;
export type ShareEvent = (typeof SHARE_EVENTS)[number];

/** Where a link stands: disabled once it has taken SHARE_PIN_LIMITS.ceiling wrong PINs. */
export const SHARE_LINK_STATES = ["active", "expired", "revoked", "disabled"] as const;
export type ShareLinkState = (typeof SHARE_LINK_STATES)[number];

export const shareLinkMessages = {
  expiresAtFormat: "expiresAt must be a date and time, such as 2030-01-31T23:59:00Z",
  expiresAtPast: "expiresAt must be in the future",
  expiresAtTooFar: `expiresAt must be at most ${SHARE_MAX_DAYS} days from now`,
  pinFormat: "pin must be 6 to 12 digits",
  pinEntryFormat: "pin must be 4 to 12 digits",
  newPin: "The PIN is 6 to 12 digits",
  pinEntry: "The PIN is 4 to 12 digits",
  allowDownload: "allowDownload must be true or false",
  notSharer: "Only the job's customer and the admins may share its deliverables",
  /** items.compliancePacket from anyone but an admin (docs/decisions/0075-scanned-copies.md). */
  packetAdminsOnly: "Only the business shares the compliance packet",
  notFound: "Share link not found",
  itemNotInJob: (kind: string, id: number) => `${kind} ${id} is not among this job's deliverables`,
  expired: "This share link has expired. Ask the person who sent it for a new one.",
  revoked: "This share link has been revoked. Ask the person who sent it for a new one.",
  pinRequired: "Enter the PIN to open this link",
  wrongPin: "That PIN is not right. Please try again.",
  tooManyPins: (seconds: number) => `Too many wrong PINs. Please wait ${waitText(seconds)} and try again.`,
  disabled: "This share link was closed after too many wrong PINs. Ask the person who sent it for a new one.",
  /** What "view only" does and does not stop, said where the sharer chooses it (docs/decisions/0034-share-links.md). */
  viewOnlyMeaning:
    "View only hides the download buttons and refuses the ZIP and the original files, but the recipient's browser still receives each photo, video and PDF whole to show it, so a determined recipient can keep them. Share only what you are happy for them to keep.",
  viewOnly: "This link is view-only: downloads are not allowed",
  revokedDone: "Share link revoked",
} as const;

/** A wait as people read it: "1 second", "40 seconds", "3 minutes" (rounded up). */
function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return whole === 1 ? "1 second" : `${whole} seconds`;
  const minutes = Math.ceil(whole / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** The page of the site a link opens. */
export const sharePageUrl = (token: string): string => `/share/${token}`;

/** Where the recipient's page reads the share and its files. */
export const shareApiUrl = (token: string): string => `/api/share/${encodeURIComponent(token)}`;

/** The access log's words for one entry. */
export function shareEventText(event: { what: ShareEvent; itemName: string }): string {
  if (event.what === "opened") return "Opened the page";
  if (event.what === "wrong-pin") return "Entered a wrong PIN";
  return `Downloaded ${event.itemName}`;
}
