import { createHash, randomBytes } from "node:crypto";

/** A random, URL-safe token of 256 bits. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as their SHA-256, so a database leak yields no usable session or link. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
