import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { forgotPasswordSchema, resetPasswordSchema } from "@common/auth";
import { escapeHtml } from "@common/html";
import { hashPassword } from "../auth/passwords";
import { destroyUserSessions } from "../auth/sessions";
import { hashToken, newToken } from "../auth/tokens";
import type { Database } from "../db/client";
import { passwordResetTokens, users } from "../db/schema";
import { HttpError } from "../plugins/errors";
import type { Mailer } from "../plugins/mail";
import { accountLimiter, addressLimiter } from "../plugins/rate-limit";
import { publicOrigin } from "../public-origin";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const SAME_ANSWER = "If an account exists for that email, we have sent a link to reset its password.";
const TOO_MANY = "Too many reset requests. Please wait 15 minutes and try again.";

interface PasswordResetOptions {
  db: Database;
  mailer: Mailer;
  production: boolean;
  publicUrl: string | undefined;
  businessName: string;
  rateLimits: { windowMs: number; login: number };
}

export const passwordResetRoutes: FastifyPluginAsync<PasswordResetOptions> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, mailer, rateLimits } = options;

  /**
   * POST /api/forgot-password — anyone; the same answer whether or not the e-mail exists.
   * Without SMTP, outside production, the answer carries the link (SPEC §7).
   */
  app.post(
    "/api/forgot-password",
    {
      schema: { body: forgotPasswordSchema },
      preHandler: [
        addressLimiter(app, "reset", rateLimits.login, rateLimits.windowMs, TOO_MANY),
        accountLimiter(app, "reset", rateLimits.login, rateLimits.windowMs, TOO_MANY, (request) =>
          String((request.body as { email?: unknown } | undefined)?.email ?? ""),
        ),
      ],
    },
    async (request) => {
      const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, request.body.email.toLowerCase())).limit(1);
      if (!user) return { message: SAME_ANSWER };

      const token = newToken();
      await db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
      const resetLink = `${publicOrigin(request, options.publicUrl)}/reset-password?token=${encodeURIComponent(token)}`;
      const greeting = user.firstName || user.username;
      try {
        await mailer.send({
          to: user.email,
          subject: `Reset your ${options.businessName} password`,
          text: `Hello ${greeting},\n\nSomeone asked to reset the password of your ${options.businessName} account. If it was you, open this link within one hour:\n\n${resetLink}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
          html: `<p>Hello ${escapeHtml(greeting)},</p><p>Someone asked to reset the password of your ${escapeHtml(options.businessName)} account. If it was you, open this link within one hour:</p><p><a href="${escapeHtml(resetLink)}">Reset my password</a></p><p>If it was not you, ignore this message; your password stays as it is.</p>`,
        });
      } catch (error) {
        // The answer must not reveal that the account exists, so a mail failure is only logged.
        request.log.error({ err: error }, "password reset mail failed");
      }
      return !mailer.delivers && !options.production ? { message: SAME_ANSWER, resetLink } : { message: SAME_ANSWER };
    },
  );

  /** POST /api/reset-password — anyone holding a live token; single use, ends every session. */
  app.post("/api/reset-password", { schema: { body: resetPasswordSchema } }, async (request) => {
    const { token, newPassword } = request.body;
    const passwordHash = await hashPassword(newPassword);
    const userId = await db.transaction(async (tx) => {
      // Consuming the token in the same statement that checks it makes a second use impossible.
      const [consumed] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
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
      const [known] = await db.select({ expiresAt: passwordResetTokens.expiresAt, usedAt: passwordResetTokens.usedAt }).from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, hashToken(token)));
      if (known && !known.usedAt && known.expiresAt <= new Date()) throw new HttpError(400, "This reset link has expired. Please request a new one.");
      throw new HttpError(400, "Invalid reset token");
    }
    return { message: "Your password has been reset. Please log in with your new password." };
  });
};
