import { and, eq, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { sessions, type User, users } from "../db/schema";
import { hashToken, newToken } from "./tokens";

// Writing last-seen on every request would turn each read into a write; once a minute is enough.
const TOUCH_INTERVAL_MS = 60_000;

/** How long a session may live: `idleMs` without use, and `maxMs` from login however active. */
export interface SessionLifetime {
  idleMs: number;
  maxMs: number;
}

export async function createSession(db: Database, userId: number, lifetime: SessionLifetime): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({ idHash: hashToken(token), userId, expiresAt: new Date(Date.now() + Math.min(lifetime.idleMs, lifetime.maxMs)) });
  return token;
}

/**
 * The user of a live session; one idle too long, or older than the absolute lifetime, is deleted.
 * Use slides the expiry forward, never past the absolute end.
 */
export async function resolveSession(db: Database, token: string, lifetime: SessionLifetime): Promise<User | null> {
  const idHash = hashToken(token);
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt, createdAt: sessions.createdAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // Deactivation deletes the sessions too; this keeps one started in the same moment from living on.
    .where(and(eq(sessions.idHash, idHash), eq(users.active, true)))
    .limit(1);
  if (!row) return null;
  const now = Date.now();
  const absoluteEnd = row.createdAt.getTime() + lifetime.maxMs;
  if (row.expiresAt.getTime() <= now || absoluteEnd <= now) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now), expiresAt: new Date(Math.min(now + lifetime.idleMs, absoluteEnd)) })
      .where(eq(sessions.idHash, idHash));
  }
  return row.user;
}

export async function destroySession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

export async function destroyUserSessions(db: Database, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
