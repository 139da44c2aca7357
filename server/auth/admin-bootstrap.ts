import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { hashPassword } from "./passwords";
import { destroyUserSessions } from "./sessions";

export type BootstrapResult =
  | { action: "configured"; username: string; promoted: boolean }
  /** The password is only in `passwordFile`: whatever prints this result cannot leak it. */
  | { action: "generated"; username: string; passwordFile: string }
  | { action: "none" };

/** Start-up stops with this: the operator must decide, the server must not guess. */
export class AdminBootstrapError extends Error {
  override name = "AdminBootstrapError";
}

/** Where a generated admin password is left for the operator, readable by the owner alone. */
const ADMIN_PASSWORD_FILE = "admin-password.txt";

/**
 * docs/architecture.md §3: with ADMIN_USERNAME and ADMIN_PASSWORD, that account exists as an admin with that
 * password. An existing account that is not an admin is promoted only with ADMIN_PROMOTE=true, and
 * then loses its sessions: whoever held them logged in as a customer. With nothing configured and no
 * admin at all, an `admin` account gets a random password, written once to DATA_DIR/admin-password.txt.
 */
export async function bootstrapAdmin(db: Database, admin: Config["admin"], dataDir: string): Promise<BootstrapResult> {
  if (admin.username && admin.password) return ensureConfiguredAdmin(db, { ...admin, username: admin.username, password: admin.password });
  const adminCount = await db.$count(users, eq(users.role, "admin"));
  if (adminCount > 0) return { action: "none" };
  const password = randomBytes(12).toString("base64url");
  // Never promote a customer who happens to be called "admin".
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, "admin"));
  const username = taken ? `admin-${randomBytes(3).toString("hex")}` : "admin";
  const [created] = await db
    .insert(users)
    .values({ username, email: admin.email ?? `${username}@admin.invalid`, role: "admin", passwordHash: await hashPassword(password) })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Another instance starting at the same moment made it (and wrote its own file).
  if (!created) return { action: "none" };
  return { action: "generated", username, passwordFile: writePasswordFile(dataDir, username, password) };
}

async function ensureConfiguredAdmin(db: Database, admin: Config["admin"] & { username: string; password: string }): Promise<BootstrapResult> {
  const passwordHash = await hashPassword(admin.password);
  const email = admin.email ?? `${admin.username.toLowerCase()}@admin.invalid`;
  // Insert-or-update, so instances starting together against one database do not collide.
  const [created] = await db
    .insert(users)
    .values({ username: admin.username, email, role: "admin", passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (created) return { action: "configured", username: admin.username, promoted: false };
  const [existing] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(sql`lower(${users.username})`, admin.username.toLowerCase()));
  if (!existing)
    throw new AdminBootstrapError(`ADMIN_USERNAME: cannot create "${admin.username}": its e-mail ${email} or a look-alike username belongs to another account`);
  const promoted = existing.role !== "admin";
  if (promoted && !admin.promote) {
    throw new AdminBootstrapError(
      `ADMIN_USERNAME: "${admin.username}" is an existing ${existing.role} account, not an admin. Start-up stopped rather than hand it the back office: ` +
        "set ADMIN_PROMOTE=true to make that account the admin (its password becomes ADMIN_PASSWORD and its sessions end), or choose another ADMIN_USERNAME.",
    );
  }
  await db
    .update(users)
    .set({ role: "admin", passwordHash, ...(admin.email ? { email: admin.email } : {}) })
    .where(eq(users.id, existing.id));
  if (promoted) await destroyUserSessions(db, existing.id);
  return { action: "configured", username: admin.username, promoted };
}

/** A fresh file (never an older one's looser mode), 0600, in DATA_DIR. */
function writePasswordFile(dataDir: string, username: string, password: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, ADMIN_PASSWORD_FILE);
  rmSync(file, { force: true });
  writeFileSync(file, `username: ${username}\npassword: ${password}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return file;
}
