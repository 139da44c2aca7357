import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (OWASP's minimum: 19 MiB, 2 passes, 1 lane).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
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
