import { and, count, eq, sql } from "drizzle-orm";
import { roleMessages } from "@common/auth";
import { peopleMessages } from "@common/people";
import type { Role } from "@common/roles";
import { refuseTakenAddress } from "./invitations";
import { hashPassword, verifyPassword } from "./passwords";
import { destroyUserSessions } from "./sessions";
import type { Database } from "../db/client";
import { jobs, type User, users } from "../db/schema";
import { isUniqueViolation } from "../db/unique-violation";
import { usernameSkeletonSql } from "../db/username-skeleton";
import { DomainError } from "../domain-errors";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The profile a person keeps, and the business may edit too. */
interface Profile {
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  company?: string | undefined;
  billingAddress?: string | undefined;
}

const emailTaken = (email: string) => new DomainError("conflict", peopleMessages.accountExists(email), { email: peopleMessages.accountExists(email) });

/** Writes `values` to the account, an address another account holds refused with 409 naming it. */
async function writeAccount(tx: Transaction | Database, id: number, values: Partial<typeof users.$inferInsert>): Promise<User> {
  if (values.email !== undefined) await refuseTakenAddress(tx, values.email, { exceptAccount: id });
  try {
    const [user] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
    if (!user) throw new DomainError("not-found", "User not found");
    return user;
  } catch (error) {
    if (values.email !== undefined && isUniqueViolation(error, "users_email_lower_idx")) throw emailTaken(values.email);
    throw error;
  }
}

/**
 * A username for an account the business makes (the person may choose another when they accept
 * their invitation): the e-mail's local part in the letters a username allows, numbered when
 * another account has it or a look-alike of it.
 */
async function usernameFor(tx: Transaction, email: string): Promise<string> {
  const local = (email.split("@")[0] ?? "").toLowerCase().replaceAll(/[^a-z0-9._-]/g, "");
  const base = (local.length >= 3 ? local : `customer-${local}`).slice(0, 40);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const taken = await tx.$count(users, sql`${usernameSkeletonSql(users.username)} = ${usernameSkeletonSql(candidate)}`);
    if (taken === 0) return candidate;
  }
}

export interface NewCustomer extends Required<Omit<Profile, "email">> {
  email: string;
  notes: string;
}

/** A phone-in customer (docs/decisions/0058-people-and-invitations.md): an account without a password until they take up an invitation or reset one. */
export async function addCustomer(tx: Transaction, input: NewCustomer): Promise<User> {
  await refuseTakenAddress(tx, input.email);
  const [user] = await tx
    .insert(users)
    .values({ ...input, username: await usernameFor(tx, input.email), role: "customer", passwordHash: null })
    .returning();
  return user!;
}

/** Staff keep their role while they fly scheduled jobs, whose pilot must be staff (docs/product.md §10). */
async function refuseGroundingAFlyer(tx: Transaction, user: User, role: Role): Promise<void> {
  if (role !== "customer" || user.role === "customer") return;
  const [scheduled] = await tx
    .select({ flights: count() })
    .from(jobs)
    .where(and(eq(jobs.pilotId, user.id), eq(jobs.status, "scheduled")));
  const flights = scheduled?.flights ?? 0;
  if (flights > 0) throw new DomainError("conflict", roleMessages.pilotHasFlights(flights), { role: roleMessages.pilotHasFlights(flights) });
}

export interface AccountChange extends Profile {
  role?: Role | undefined;
  active?: boolean | undefined;
  notes?: string | undefined;
  requiredInsuranceLimit?: number | null | undefined;
}

/**
 * The business changes an account, in one transaction with its row locked: its role, its profile
 * and notes, whether it may sign in. An admin never changes their own role nor deactivates
 * themselves (so one admin is always left). Deactivating ends every session at once; the session
 * hook reads the user on every request, so a new role holds from the account's next request.
 */
export async function changeAccount(db: Database, actorId: number, id: number, change: AccountChange): Promise<User> {
  if (id === actorId && change.role !== undefined) throw new DomainError("conflict", roleMessages.ownRole, { role: roleMessages.ownRole });
  if (id === actorId && change.active === false) throw new DomainError("invalid", peopleMessages.ownActive, { active: peopleMessages.ownActive });
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for("update");
    if (!user) throw new DomainError("not-found", "User not found");
    if (change.role !== undefined) await refuseGroundingAFlyer(tx, user, change.role);
    const changed = await writeAccount(tx, id, change);
    if (change.active === false) await destroyUserSessions(tx, id);
    return changed;
  });
}

export interface OwnChange extends Profile {
  currentPassword?: string | undefined;
  newPassword?: string | undefined;
}

/**
 * A person's own profile. A new e-mail or password asks for the current password, so a session
 * left open on a shared computer cannot take the account over; a new password ends the account's
 * other sessions (the caller starts this one afresh).
 */
export async function changeOwnProfile(
  db: Database,
  user: User,
  { currentPassword, newPassword, ...profile }: OwnChange,
): Promise<{ user: User; passwordChanged: boolean }> {
  const guarded = newPassword !== undefined || (profile.email !== undefined && profile.email.toLowerCase() !== user.email.toLowerCase());
  if (guarded) {
    if (!currentPassword) throw new DomainError("invalid", peopleMessages.currentPasswordNeeded, { currentPassword: peopleMessages.currentPasswordNeeded });
    if (!(await verifyPassword(user.passwordHash, currentPassword)))
      throw new DomainError("invalid", peopleMessages.currentPasswordWrong, { currentPassword: peopleMessages.currentPasswordWrong });
  }
  const passwordHash = newPassword === undefined ? undefined : await hashPassword(newPassword);
  const changed = await db.transaction(async (tx) => {
    const written = await writeAccount(tx, user.id, { ...profile, ...(passwordHash ? { passwordHash } : {}) });
    if (passwordHash) await destroyUserSessions(tx, user.id);
    return written;
  });
  return { user: changed, passwordChanged: passwordHash !== undefined };
}
