import { and, eq, gt, isNull } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { forgotPasswordSchema, resetPasswordSchema, resetTokenCheckSchema } from "@common/auth";
import { resetTokenCheckResponseSchema } from "@common/contract/password-reset";
import { forgotPasswordResponseSchema, resetPasswordResponseSchema } from "@common/contract/users";
import { hashPassword } from "../auth/passwords";
import { destroyUserSessions } from "../auth/sessions";
import { hashToken } from "../auth/tokens";
import type { Database } from "../db/client";
import { passwordResetTokens, users } from "../db/schema";
import { answers } from "../http/answers";
import { HttpError } from "../http/errors";
import { accountLimiter, addressLimiter } from "../http/rate-limit";
import { mailTask } from "../mail/mail-task";
import type { MailSite } from "../mail/notice";
import { accountByEmail, issueResetLink, passwordResetTask, resetMessage } from "../auth/password-reset-task";
import type { TaskQueue } from "../queue/queue";

const SAME_ANSWER = "If an account exists for that email, we have sent a link to reset its password.";
const TOO_MANY = "Too many reset requests. Please wait 15 minutes and try again.";
const TOO_MANY_CHECKS = "Too many reset link checks. Please wait 15 minutes and try again.";

/** A token that exists, is unused and has not expired; looked up by its hash, as it is stored. */
const liveToken = (token: string) =>
  and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date()));

interface PasswordResetOptions {
  db: Database;
  queue: TaskQueue;
  /**
   * config.resetLinkInAnswer and no mail server in the settings either: development on loopback
   * without SMTP (docs/product.md §7). Asked at each request: the owner may set a mail server at any time.
   */
  resetLinkInAnswer: () => Promise<boolean>;
  publicUrl: string;
  site: MailSite;
  rateLimits: { windowMs: number; login: number };
}

export const passwordResetRoutes: FastifyPluginAsync<PasswordResetOptions> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, queue, rateLimits } = options;

  /**
   * POST /api/forgot-password — anyone; the same answer, in the same time, whether or not the
   * e-mail exists: the request only queues the address, and the worker looks the account up.
   * In development on loopback without SMTP, the answer carries the link (docs/product.md §7).
   */
  app.post(
    "/api/forgot-password",
    {
      schema: { body: forgotPasswordSchema, response: answers({ 200: forgotPasswordResponseSchema }) },
      preHandler: [
        addressLimiter(app, "reset", rateLimits.login, rateLimits.windowMs, TOO_MANY),
        accountLimiter(app, "reset", rateLimits.login, rateLimits.windowMs, TOO_MANY, (request) =>
          String((request.body as { email?: unknown } | undefined)?.email ?? ""),
        ),
      ],
    },
    async (request) => {
      const { email } = request.body;
      if (!(await options.resetLinkInAnswer())) {
        await queue.send(passwordResetTask, { email });
        return { message: SAME_ANSWER };
      }
      const user = await accountByEmail(db, email);
      if (!user) return { message: SAME_ANSWER };
      const resetLink = await issueResetLink(db, user.id, options.publicUrl);
      // Without SMTP the mail is only logged; it still goes through the outbox like every other.
      const business = await options.site.business();
      await queue.send(mailTask, resetMessage(user, resetLink, business.name, business.brandColor));
      return { message: SAME_ANSWER, resetLink };
    },
  );

  /**
   * POST /api/reset-password/check — anyone (visitors included); uses nothing. Answers only whether
   * the link can still reset a password: not whose it is, nor whether it was used or expired. A
   * POST, so the token stays out of addresses and access logs; limited per address like a reset
   * request, so it is no faster a way to guess tokens.
   */
  app.post(
    "/api/reset-password/check",
    {
      schema: { body: resetTokenCheckSchema, response: answers({ 200: resetTokenCheckResponseSchema }) },
      preHandler: [addressLimiter(app, "reset-check", rateLimits.login, rateLimits.windowMs, TOO_MANY_CHECKS)],
    },
    async (request) => {
      const live = await db.$count(passwordResetTokens, liveToken(request.body.token));
      return { valid: live > 0 };
    },
  );

  /** POST /api/reset-password — anyone holding a live token; single use, ends every session. */
  app.post("/api/reset-password", { schema: { body: resetPasswordSchema, response: answers({ 200: resetPasswordResponseSchema }) } }, async (request) => {
    const { token, newPassword } = request.body;
    const passwordHash = await hashPassword(newPassword);
    const userId = await db.transaction(async (tx) => {
      // Consuming the token in the same statement that checks it makes a second use impossible.
      const [consumed] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(liveToken(token))
        .returning({ userId: passwordResetTokens.userId });
      if (!consumed) return null;
      await tx.update(users).set({ passwordHash }).where(eq(users.id, consumed.userId));
      // Older links of the same account die with this one.
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.userId, consumed.userId), isNull(passwordResetTokens.usedAt)));
      await destroyUserSessions(tx, consumed.userId);
      return consumed.userId;
    });
    if (userId === null) {
      const [known] = await db
        .select({ expiresAt: passwordResetTokens.expiresAt, usedAt: passwordResetTokens.usedAt })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
      if (known && !known.usedAt && known.expiresAt <= new Date()) throw new HttpError(400, "This reset link has expired. Please request a new one.");
      throw new HttpError(400, "Invalid reset token");
    }
    return { message: "Your password has been reset. Please log in with your new password." };
  });
};
