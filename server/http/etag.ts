import { createHash } from "node:crypto";

/** A validator derived from the bytes, so every instance holding the same answer names it alike. */
function digest(body: string | Buffer): string {
  return createHash("sha256").update(body).digest("base64url").slice(0, 27);
}

/** A strong ETag: for an answer sent in one representation only. */
export function strongEtag(body: string | Buffer): string {
  return `"${digest(body)}"`;
}

/**
 * A weak ETag: for an answer sent brotli, gzip or plain under one name, since a strong validator
 * would have to differ per content coding (RFC 9110 §8.8.3.3).
 */
export function weakEtag(body: string | Buffer): string {
  return `W/"${digest(body)}"`;
}

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 §13.1.2 asks of GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}
