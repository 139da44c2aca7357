import { and, eq, gt, isNull } from "drizzle-orm";
import { escapeHtml } from "@common/html";
import { INVITATION_TTL_DAYS } from "@common/people";
import { ROLE_LABELS } from "@common/roles";
import { hashToken, newToken } from "./tokens";
import type { Database } from "../db/client";
import { invitations, users } from "../db/schema";
import type { Mailer, MailMessage } from "../mail/mailer";
import type { MailSite } from "../mail/notice";
import { defineTask } from "../queue/define-task";
import type { TaskQueue } from "../queue/queue";

type Invited = Pick<typeof invitations.$inferSelect, "email" | "firstName" | "role">;

function invitationMessage(invitation: Invited, link: string, businessName: string): MailMessage {
  const hello = invitation.firstName.trim() || invitation.email;
  const as =
    invitation.role === "customer" ? `a customer account with ${businessName}` : `${businessName}'s team as ${ROLE_LABELS[invitation.role].toLowerCase()}`;
  const lines = [`Hello ${hello},`, `You are invited to join ${as}. Open this link within ${INVITATION_TTL_DAYS} days to choose your username and password:`];
  const after = "The link works once. If you did not expect this invitation, ignore this message.";
  return {
    to: invitation.email,
    subject: `Your invitation to ${businessName}`,
    text: `${lines.join("\n\n")}\n\n${link}\n\n${after}\n\n— ${businessName}\n`,
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}<p><a href="${escapeHtml(link)}">Accept the invitation</a></p><p>${escapeHtml(after)}</p><p>— ${escapeHtml(businessName)}</p>`,
  };
}

/**
 * The invitation mail. As with the password reset (password-reset-task.ts), the link's token is
 * made here and mailed in the same step, so the plain token never rests in the queue's table nor in
 * the development Outbox: only the invited person ever sees it. A retry makes a fresh token,
 * replacing the hash, so the link of an attempt that failed stops working; a pending invitation
 * only (an accepted, withdrawn or expired one sends nothing).
 */
export const invitationMailTask = defineTask<{ invitationId: number }, { db: Database; mailer: Mailer; site: MailSite }>({
  name: "invitation-mail",
  async work({ invitationId }, { db, mailer, site }) {
    const token = newToken();
    const [invitation] = await db
      .update(invitations)
      .set({ tokenHash: hashToken(token) })
      .where(and(eq(invitations.id, invitationId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, new Date())))
      .returning();
    if (!invitation) return;
    const link = `${site.publicUrl}/invitation?token=${encodeURIComponent(token)}`;
    await mailer.send(invitationMessage(invitation, link, (await site.business()).name));
  },
});

/**
 * Puts the invitation's mail in the queue; when it cannot be stored, the invitation (and the
 * account made with it, `madeAccount`) is taken back and the request fails, so trying again makes no
 * second copy (docs/architecture.md §4).
 */
export async function mailOrWithdraw(db: Database, queue: Pick<TaskQueue, "send">, invitationId: number, madeAccount?: number): Promise<void> {
  try {
    await queue.send(invitationMailTask, { invitationId });
  } catch (error) {
    await db.transaction(async (tx) => {
      await tx.delete(invitations).where(eq(invitations.id, invitationId));
      if (madeAccount !== undefined) await tx.delete(users).where(eq(users.id, madeAccount));
    });
    throw error;
  }
}
