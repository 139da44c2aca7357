/**
 * What went wrong, in the domain's words rather than HTTP's: every folder below the web layer
 * throws these, and server/http/errors.ts turns each kind into its status code
 * (docs/decisions/0051-the-server-order.md: nothing below http/ imports it).
 */
export type DomainErrorKind =
  /** The input cannot be accepted as given (400). */
  | "invalid"
  /** Nobody is signed in where someone must be (401). */
  | "unauthenticated"
  /** The caller may see the thing but not do this to it, such as a pilot closing a job (403). */
  | "forbidden"
  /** The thing asked for does not exist, or is not the caller's to see (404). */
  | "not-found"
  /** The request clashes with the current state, such as paying a quote twice (409). */
  | "conflict"
  /** The thing existed but is no more, such as an expired or revoked share link (410). */
  | "gone"
  /** Too many attempts in a while, such as wrong PINs (429). */
  | "too-many"
  /** The upload is larger than allowed (413). */
  | "too-large"
  /** The upload is of a type not accepted (415). */
  | "unsupported-type"
  /** A peer (the database, the bucket, the payment provider) is down or not configured (503). */
  | "unavailable";

/** An error whose message is meant for the person who made the request. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Field name → message, for an "invalid" that names the fields. */
    readonly errors?: Record<string, string>,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
