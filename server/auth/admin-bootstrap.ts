import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { hashPassword } from "./passwords";

export type BootstrapResult =
  | { action: "configured"; username: string }
  | { action: "generated"; username: string; password: string }
  | { action: "none" };

/**
 * DESIGN §3: with ADMIN_USERNAME and ADMIN_PASSWORD, that account exists as an admin with that
 * password (created or promoted). With nothing configured and no admin at all, an `admin` account
 * gets a random password that the caller prints once.
 */
export async function bootstrapAdmin(db: Database, admin: Config["admin"]): Promise<BootstrapResult> {
  if (admin.username && admin.password) {
    const passwordHash = await hashPassword(admin.password);
    const email = admin.email ?? `${admin.username.toLowerCase()}@admin.invalid`;
    // Insert-or-update, so instances starting together against one database do not collide.
    const [created] = await db.insert(users).values({ username: admin.username, email, role: "admin", passwordHash }).onConflictDoNothing().returning({ id: users.id });
    if (!created) {
      const [updated] = await db
        .update(users)
        .set({ role: "admin", passwordHash, ...(admin.email ? { email: admin.email } : {}) })
        .where(eq(sql`lower(${users.username})`, admin.username.toLowerCase()))
        .returning({ id: users.id });
      if (!updated) throw new Error(`ADMIN_USERNAME: cannot create "${admin.username}": its e-mail ${email} belongs to another account`);
    }
    return { action: "configured", username: admin.username };
  }
  const adminCount = await db.$count(users, eq(users.role, "admin"));
  if (adminCount > 0) return { action: "none" };
  const password = randomBytes(12).toString("base64url");
  // Never promote a customer who happens to be called "admin".
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.username})`, "admin"));
  const username = taken ? `admin-${randomBytes(3).toString("hex")}` : "admin";
  await db.insert(users).values({ username, email: admin.email ?? `${username}@admin.invalid`, role: "admin", passwordHash: await hashPassword(password) });
  return { action: "generated", username, password };
}
