import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { users } from "../db/schema";

/**
 * Where the business hears of new requests, acceptances, payments and messages: the address its
 * settings name, else every admin's own (an address ending in .invalid, the bootstrap admin's
 * until it is changed, receives nothing).
 */
export async function businessRecipients(db: Database, notifyEmail: string): Promise<string[]> {
  if (notifyEmail) return [notifyEmail];
  const admins = await db.select({ email: users.email }).from(users).where(eq(users.role, "admin"));
  return [...new Set(admins.map((admin) => admin.email).filter((email) => !email.endsWith(".invalid")))];
}
