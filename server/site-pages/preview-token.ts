import { createHmac, timingSafeEqual } from "node:crypto";
import { PREVIEW_LINK_DAYS, sitePageMessages } from "@common/site-pages";
import { DomainError } from "../domain-errors";

// A preview link carries the page's key and its expiry, signed with HMAC-SHA256: nothing is stored,
// every instance checks it with the same key, and anyone holding it sees the page's current draft
// until it expires (docs/decisions/0061-site-pages.md). The token is `<key>.<expiry>.<signature>`:
// a key is lowercase letters, digits and hyphens, the expiry in seconds in base 36, the signature
// HMAC-SHA256 cut to 128 bits, so the longest token stays under the 100 characters a path
// parameter may have.

const DAY_MS = 86_400_000;

export interface PreviewSigner {
  /** A token for the page's draft, valid PREVIEW_LINK_DAYS from `now`. */
  sign(key: string, now?: Date): { token: string; expiresAt: Date };
  /** The page the token names: 404 when it was not made here or was altered, 410 once it expired. */
  verify(token: string, now?: Date): { key: string; expiresAt: Date };
}

const SIGNATURE_BYTES = 16;
const KEY = /^[a-z0-9-]+$/;

/**
 * The signer of preview links. `secret` is the key of the stored secrets (server/settings/secret-box.ts),
 * which every instance shares; the links are signed with a key derived from it for this one use, so
 * the signatures never involve the key that seals the secrets itself.
 */
export function previewSigner(secret: Buffer): PreviewSigner {
  const signingKey = createHmac("sha256", secret).update("site-page-preview").digest();
  const signatureOf = (payload: string) => createHmac("sha256", signingKey).update(payload).digest().subarray(0, SIGNATURE_BYTES);
  const invalid = () => new DomainError("not-found", sitePageMessages.previewInvalid);

  return {
    sign(key, now = new Date()) {
      const seconds = Math.floor((now.getTime() + PREVIEW_LINK_DAYS * DAY_MS) / 1000);
      const payload = `${key}.${seconds.toString(36)}`;
      return { token: `${payload}.${signatureOf(payload).toString("base64url")}`, expiresAt: new Date(seconds * 1000) };
    },
    verify(token, now = new Date()) {
      const [key, expiry, signature, ...rest] = token.split(".");
      if (!key || !expiry || !signature || rest.length > 0 || !KEY.test(key)) throw invalid();
      const expected = signatureOf(`${key}.${expiry}`);
      const given = Buffer.from(signature, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
      const expiresAt = new Date(parseInt(expiry, 36) * 1000);
      if (expiresAt.getTime() <= now.getTime()) throw new DomainError("gone", sitePageMessages.previewExpired(expiresAt));
      return { key, expiresAt };
    },
  };
}
