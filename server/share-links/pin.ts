import { createHmac, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { SHARE_PIN_LIMITS } from "@common/share-links";

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_BYTES = 32;

/**
 * A link's PIN as stored: `scrypt$<salt>$<key>`, base64url (docs/decisions/0034-share-links.md).
 * scrypt from Node's own crypto: a PIN holds by the guessing limits (docs/decisions/0044-share-link-pins.md), not by a slow hash.
 */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(pin, salt, KEY_BYTES);
  return `scrypt$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** Whether the PIN is the one hashed, compared in constant time. */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const [scheme, salt = "", expected = ""] = stored.split("$");
  if (scheme !== "scrypt") return false;
  const want = Buffer.from(expected, "base64url");
  const got = await scryptAsync(pin, Buffer.from(salt, "base64url"), want.length);
  return want.length === KEY_BYTES && timingSafeEqual(got, want);
}

/**
 * What the recipient's browser holds once the PIN was right: an HMAC of the link's token keyed by
 * the PIN's hash, which only the server can make. Nothing is stored for it, so any instance checks it.
 */
export const pinProof = (pinHash: string, token: string): string => createHmac("sha256", pinHash).update(`share-pin:${token}`).digest("base64url");

/** Whether the proof the browser sent is the link's, compared in constant time. */
export function provesPin(pinHash: string, token: string, proof: string | undefined): boolean {
  if (!proof) return false;
  const want = Buffer.from(pinProof(pinHash, token));
  const got = Buffer.from(proof);
  return got.length === want.length && timingSafeEqual(got, want);
}

/**
 * How long after a link's latest wrong PIN an address that has itself entered a wrong PIN on the
 * link must wait before its next PIN is tried, once the link has taken `wrongPins` of them:
 * nothing after the first (a recipient's slip), then 1 s, doubling with each, at most an hour
 * (docs/decisions/0044-share-link-pins.md).
 */
export function pinBackoffMs(wrongPins: number): number {
  const { backoffFromWrongPin, backoffFirstSeconds, backoffMaxSeconds } = SHARE_PIN_LIMITS;
  if (wrongPins < backoffFromWrongPin) return 0;
  return Math.min(backoffFirstSeconds * 2 ** Math.min(wrongPins - backoffFromWrongPin, 30), backoffMaxSeconds) * 1000;
}
