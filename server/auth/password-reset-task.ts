import { eq, sql } from "drizzle-orm";
import { escapeHtml } from "@common/html";
import { greetingName } from "@common/person-name";
import { hashToken, newToken } from "./tokens";
import type { Database } from "../db/client";
import { passwordResetTokens, users } from "../db/schema";
import type { Mailer, MailMessage } from "../mail/mailer";
import { linkStyleOf, type MailSite } from "../mail/notice";
import { defineTask } from "../queue/define-task";

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

type Account = Pick<typeof users.$inferSelect, "id" | "email" | "firstName">;

export async function accountByEmail(db: Database, email: string): Promise<Account | undefined> {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user;
}

/** A new single-use link, stored only hashed; always on the public URL, never the request's Host. */
export async function issueResetLink(db: Database, userId: number, publicUrl: string): Promise<string> {
  const token = newToken();
  await db.insert(passwordResetTokens).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/** The reset mail, its link in the brand's colour when the business has one (server/mail/notice.ts). */
export function resetMessage(user: Account, link: string, businessName: string, brandColor?: string | null): MailMessage {
  const greeting = greetingName(user);
  return {
    to: user.email,
    subject: `Reset your ${businessName} password`,
    text: `Hello ${greeting},\n\nSomeone asked to reset the password of your ${businessName} account. If it was you, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
    html: `<p>Hello ${escapeHtml(greeting)},</p><p>Someone asked to reset the password of your ${escapeHtml(businessName)} account. If it was you, open this link within one hour:</p><p><a href="${escapeHtml(link)}"${linkStyleOf(brandColor)}>Reset my password</a></p><p>If it was not you, ignore this message; your password stays as it is.</p>`,
  };
}

/**
 * POST /api/forgot-password stores only the address and answers, so a known and an unknown
 * address take the same time. Here the account is looked up and the link made and mailed in one
 * step, so the plain token never rests in the queue's table. A retry mails a fresh link; the token
 * of a failed attempt is kept, as that mail may have arrived after all (nobody else knows it, and
 * it dies within the hour).
 */
export const passwordResetTask = defineTask<{ email: string }, { db: Database; mailer: Mailer; site: MailSite }>({
  name: "password-reset",
  async work({ email }, { db, mailer, site }) {
    const user = await accountByEmail(db, email);
    if (!user) return;
    const link = await issueResetLink(db, user.id, site.publicUrl);
    const business = await site.business();
    await mailer.send(resetMessage(user, link, business.name, business.brandColor));
  },
});
