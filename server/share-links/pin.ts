import { createHmac, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_BYTES = 32;

/**
 * A link's PIN as stored: `scrypt$<salt>$<key>`, base64url (docs/decisions/0034-share-links.md).
 * scrypt from Node's own crypto: a 4-digit PIN needs the rate limit, not a slow hash, to hold.
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
