import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { User } from "../db/schema";

/**
 * OWASP's device cookie ("Slow down online guessing attacks with device cookies"): the browser
 * an account last logged in from may still log in while guessing from elsewhere has locked the
 * account against every other client (docs/decisions/0014-login-limits.md).
 */
const DEVICE_COOKIE = "sv_device";
const DEVICE_DAYS = 90;

/**
 * Signed with the account's own password hash: no secret to configure or share between
 * instances, only the server can sign (the hash never leaves the database), and a new password
 * withdraws every device cookie at once.
 */
function signature(user: SignedIn, nonce: string): Buffer {
  return createHmac("sha256", user.passwordHash).update(`trusted-device:${user.id}:${nonce}`).digest();
}

/** An account that has a password: one without (made by the business, not yet taken up) has no device to trust. */
type SignedIn = Pick<User, "id"> & { passwordHash: string };

/** Whether the request carries a device cookie issued at a successful login to this account. */
export function isTrustedDevice(request: FastifyRequest, user: Pick<User, "id" | "passwordHash">): boolean {
  const [id, nonce, mac] = (request.cookies[DEVICE_COOKIE] ?? "").split(".");
  if (id !== String(user.id) || !nonce || !mac || user.passwordHash === null) return false;
  const given = Buffer.from(mac, "base64url");
  const expected = signature({ id: user.id, passwordHash: user.passwordHash }, nonce);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Marks this browser as one the account logged in from (it replaces another account's mark). */
export function trustDevice(reply: FastifyReply, user: SignedIn, secure: boolean): void {
  const nonce = randomBytes(16).toString("base64url");
  const value = `${user.id}.${nonce}.${signature(user, nonce).toString("base64url")}`;
  // Sent to the login call alone: no other route needs it, and it identifies no session.
  reply.setCookie(DEVICE_COOKIE, value, { path: "/api/login", httpOnly: true, sameSite: "strict", secure, maxAge: DEVICE_DAYS * 86_400 });
}
