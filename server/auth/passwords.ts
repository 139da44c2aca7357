import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (OWASP's minimum: 19 MiB, 2 passes, 1 lane).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for an account without a password (one the business made), after the same work as a real check. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    if (passwordHash === null) {
      await verify(await dummyPasswordHash(), password);
      return false;
    }
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when no account matches keeps login time the same either way.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash("not-a-real-password");
  return dummyHash;
}
