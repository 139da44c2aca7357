import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { authMessages } from "@common/auth-rules";
import { INVITATION_TTL_DAYS, type InvitationStatus, peopleMessages } from "@common/people";
import { personName } from "@common/person-name";
import type { Role } from "@common/roles";
import { hashPassword } from "./passwords";
import { hashToken } from "./tokens";
import type { Database } from "../db/client";
import { type Invitation, invitations, type User, users } from "../db/schema";
import { isUniqueViolation } from "../db/unique-violation";
import { usernameSkeletonSql } from "../db/username-skeleton";
import { DomainError } from "../domain-errors";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

const DAY_MS = 86_400_000;

/** Where an invitation stands: used, withdrawn, past its time, or still open. */
function invitationStatus(row: Pick<Invitation, "acceptedAt" | "revokedAt" | "expiresAt">, now = new Date()): InvitationStatus {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  return row.expiresAt <= now ? "expired" : "pending";
}

const sameEmail = (column: typeof users.email | typeof invitations.email, email: string) => sql`lower(${column}) = lower(${email})`;

const open = () => and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, new Date()));

/** Refuses an address an account already holds (unless the invitation opens that very account) or a pending invitation holds. */
export async function refuseTakenAddress(tx: Transaction | Database, email: string, { exceptAccount }: { exceptAccount?: number } = {}): Promise<void> {
  const [account] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sameEmail(users.email, email), exceptAccount === undefined ? undefined : ne(users.id, exceptAccount)))
    .limit(1);
  if (account) throw new DomainError("conflict", peopleMessages.accountExists(email), { email: peopleMessages.accountExists(email) });
  const [pending] = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(sameEmail(invitations.email, email), open()))
    .limit(1);
  if (pending) throw new DomainError("conflict", peopleMessages.invitationPending(email), { email: peopleMessages.invitationPending(email) });
}

export interface InvitationInput {
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  invitedBy: number;
  /** The account it opens, when the business made it already (a phone-in customer). */
  userId?: number;
}

/** A pending invitation, its link not yet made: the mail task makes and mails it (invitation-mail-task.ts). */
export async function createInvitation(tx: Transaction, input: InvitationInput): Promise<Invitation> {
  await refuseTakenAddress(tx, input.email, input.userId === undefined ? {} : { exceptAccount: input.userId });
  const [invitation] = await tx
    .insert(invitations)
    .values({ ...input, expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS) })
    .returning();
  return invitation!;
}

/** Every invitation (or the one of `id`), newest first, with who sent it; never its token. */
export async function listInvitations(db: Database, id?: number) {
  const inviter = alias(users, "inviter");
  const rows = await db
    .select({ invitation: invitations, inviter: { id: inviter.id, username: inviter.username, firstName: inviter.firstName, lastName: inviter.lastName } })
    .from(invitations)
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .where(id === undefined ? undefined : eq(invitations.id, id))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  const now = new Date();
  return rows.map(({ invitation, inviter: by }) => ({
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    status: invitationStatus(invitation, now),
    invitedBy: by ? { id: by.id, name: personName(by) } : null,
    userId: invitation.userId,
    createdAt: invitation.createdAt,
    expiresAt: invitation.expiresAt,
    acceptedAt: invitation.acceptedAt,
    revokedAt: invitation.revokedAt,
  }));
}

/** One invitation as the list shows it. */
export async function invitationRow(db: Database, id: number) {
  const [row] = await listInvitations(db, id);
  if (!row) throw new DomainError("not-found", "Invitation not found");
  return row;
}

/** Withdraws a pending (or expired) invitation; one already withdrawn stays as it is, an accepted one cannot be. */
export async function revokeInvitation(db: Database, id: number): Promise<void> {
  const [revoked] = await db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .returning({ id: invitations.id });
  if (revoked) return;
  const [known] = await db.select().from(invitations).where(eq(invitations.id, id));
  if (!known) throw new DomainError("not-found", "Invitation not found");
  if (known.acceptedAt) throw new DomainError("conflict", peopleMessages.invitationAccepted);
}

/** Why a link no longer opens anything: 410 for one that was good once, 400 naming the token for one never issued. */
function closedLink(known: Invitation | undefined): DomainError {
  if (!known) return new DomainError("invalid", peopleMessages.invitationUnknown, { token: peopleMessages.invitationUnknown });
  const status = invitationStatus(known);
  const message =
    status === "accepted" ? peopleMessages.invitationUsed : status === "revoked" ? peopleMessages.invitationRevoked : peopleMessages.invitationExpired;
  return new DomainError("gone", message);
}

const byToken = (token: string) => eq(invitations.tokenHash, hashToken(token));

/** What the invitation page shows as it opens: for a pending link, who is invited and as what; otherwise only where it stands. */
export async function checkInvitation(db: Database, token: string) {
  const [row] = await db
    .select({ invitation: invitations, username: users.username })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.userId))
    .where(byToken(token));
  if (!row) return { status: "unknown" as const };
  const status = invitationStatus(row.invitation);
  if (status !== "pending") return { status };
  const { email, role, firstName, lastName } = row.invitation;
  return { status, email, role, firstName, lastName, username: row.username ?? "" };
}

export interface Acceptance {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * Takes up a pending invitation, once: the account it names gets the chosen username and password
 * (the business's phone-in customer), or a new account is made with the invited role. The
 * invitation is used in the same statement that checks it, so a second use finds it gone.
 */
export async function acceptInvitation(db: Database, token: string, acceptance: Acceptance): Promise<User> {
  const passwordHash = await hashPassword(acceptance.password);
  try {
    return await db.transaction(async (tx) => {
      const [invitation] = await tx
        .update(invitations)
        .set({ acceptedAt: new Date() })
        .where(and(byToken(token), open()))
        .returning();
      if (!invitation) {
        const [known] = await tx.select().from(invitations).where(byToken(token));
        throw closedLink(known);
      }
      const [sameName] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`${usernameSkeletonSql(users.username)} = ${usernameSkeletonSql(acceptance.username)}`,
            invitation.userId === null ? undefined : ne(users.id, invitation.userId),
          ),
        )
        .limit(1);
      if (sameName) throw new DomainError("conflict", authMessages.usernameTaken, { username: authMessages.usernameTaken });
      const names = { firstName: acceptance.firstName || invitation.firstName, lastName: acceptance.lastName || invitation.lastName };
      if (invitation.userId !== null) {
        const [account] = await tx.select().from(users).where(eq(users.id, invitation.userId)).for("update");
        if (!account?.active) throw new DomainError("forbidden", peopleMessages.accountDeactivated);
        const [user] = await tx
          .update(users)
          .set({ username: acceptance.username, passwordHash, firstName: names.firstName || account.firstName, lastName: names.lastName || account.lastName })
          .where(eq(users.id, account.id))
          .returning();
        return user!;
      }
      await refuseTakenAddress(tx, invitation.email, {});
      const [user] = await tx
        .insert(users)
        .values({ username: acceptance.username, email: invitation.email, role: invitation.role, passwordHash, ...names })
        .returning();
      await tx.update(invitations).set({ userId: user!.id }).where(eq(invitations.id, invitation.id));
      return user!;
    });
  } catch (error) {
    // Two people racing for one name or address: the unique indexes decide.
    if (isUniqueViolation(error, "users_username_lower_idx") || isUniqueViolation(error, "users_username_skeleton_idx"))
      throw new DomainError("conflict", authMessages.usernameTaken, { username: authMessages.usernameTaken });
    throw error;
  }
}
