import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { loginSchema, registerSchema } from "@common/auth";
import { authMessages } from "@common/auth-rules";
import { logoutSchema, ownProfileChangedSchema, publicUserSchema } from "@common/contract/users";
import { ownProfileSchema } from "@common/people";
import { type LoginLimitSettings, loginLimits } from "../auth/login-limits";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../auth/passwords";
import { changeOwnProfile } from "../auth/people";
import { toPublicUser } from "../auth/public-user";
import { isTrustedDevice, trustDevice } from "../auth/trusted-device";
import type { Config } from "../config";
import { users } from "../db/schema";
import { isUniqueViolation } from "../db/unique-violation";
import { usernameSkeletonSql } from "../db/username-skeleton";
import { type AuthContext, endSession, requireUser, currentUser, startSession } from "../auth/session-hook";
import { answers } from "../http/answers";
import { HttpError } from "../http/errors";
import { addressLimiter } from "../http/rate-limit";
import type { MailSite } from "../mail/notice";

interface AuthRouteOptions extends AuthContext {
  config: AuthContext["config"] & Pick<Config, "secureCookies">;
  /** The business's e-mail, named to someone whose account is deactivated. */
  site: MailSite;
  rateLimits: LoginLimitSettings & { register: number };
}

const skeletonOfUsername = usernameSkeletonSql(users.username);

export const authRoutes: FastifyPluginAsync<AuthRouteOptions> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, rateLimits } = options;
  const limits = loginLimits(app, rateLimits);

  /** POST /api/register — anyone; 10 an hour per address. Logs the new customer in. */
  app.post(
    "/api/register",
    {
      schema: { body: registerSchema, response: answers({ 201: publicUserSchema }) },
      preHandler: [addressLimiter(app, "register", rateLimits.register, 3_600_000, "Too many sign-ups from your address. Please try again later.")],
    },
    async (request, reply) => {
      const { password, ...profile } = request.body;
      const sameName = sql<boolean>`${skeletonOfUsername} = ${usernameSkeletonSql(profile.username)}`;
      const taken = await db
        .select({ sameName })
        .from(users)
        .where(sql`${sameName} or lower(${users.email}) = lower(${profile.email})`);
      if (taken.some((row) => row.sameName)) throw new HttpError(409, authMessages.usernameTaken);
      if (taken.length > 0) throw new HttpError(409, "An account with that email already exists");
      let user;
      try {
        [user] = await db
          .insert(users)
          .values({ ...profile, passwordHash: await hashPassword(password) })
          .returning();
      } catch (error) {
        // Two sign-ups racing for the same name: the unique index decides.
        if (isUniqueViolation(error, "users_username_lower_idx") || isUniqueViolation(error, "users_username_skeleton_idx")) {
          throw new HttpError(409, authMessages.usernameTaken);
        }
        if (isUniqueViolation(error, "users_email_lower_idx")) throw new HttpError(409, "An account with that email already exists");
        throw error;
      }
      if (!user) throw new Error("insert returned no user");
      await startSession(request, reply, options, user);
      return reply.code(201).send(toPublicUser(user));
    },
  );

  /** POST /api/login — anyone; failures limited per address, per account and address, and per account (login-limits.ts). */
  app.post("/api/login", { schema: { body: loginSchema, response: answers({ 200: publicUserSchema }) } }, async (request, reply) => {
    const { username, password } = request.body;
    // Through the skeleton index, then the exact name (NFKC, any case): a look-alike finds no account.
    const candidates = await db
      .select()
      .from(users)
      .where(sql`${skeletonOfUsername} = ${usernameSkeletonSql(username)}`)
      .limit(1);
    const user = candidates.find((row) => row.username.normalize("NFKC").toLowerCase() === username.toLowerCase());
    const attempt = await limits.count(request, reply, username, user !== undefined && isTrustedDevice(request, user));
    // An account without a password (made by the business) is checked like no account at all.
    const valid = await verifyPassword(user ? user.passwordHash : await dummyPasswordHash(), password);
    if (!user || !valid || user.passwordHash === null) throw new HttpError(401, "Invalid username or password");
    await limits.succeeded(attempt);
    // Said only to the one who knows the password, so it tells a guesser nothing.
    if (!user.active) throw new HttpError(403, authMessages.deactivated((await options.site.business()).email));
    await startSession(request, reply, options, user);
    // After the session's, so a client reading the first Set-Cookie (the benches) gets the session.
    trustDevice(reply, { id: user.id, passwordHash: user.passwordHash }, options.config.secureCookies);
    return toPublicUser(user);
  });

  /** POST /api/logout — anyone; ends the session if there is one. */
  app.post("/api/logout", { schema: { response: answers({ 200: logoutSchema }) } }, async (request, reply) => {
    await endSession(request, reply, options);
    return { message: "Logged out" };
  });

  /**
   * PATCH /api/user — a logged-in user's own profile: names, e-mail, phone, company, billing
   * address, password. A new e-mail or password needs the current password; a new password ends
   * the account's other sessions and starts this one afresh.
   */
  app.patch(
    "/api/user",
    {
      preValidation: requireUser,
      schema: {
        description:
          "400 naming currentPassword when a new e-mail or password comes without the right current password; 409 naming the e-mail when another account holds it.",
        body: ownProfileSchema,
        response: answers({ 200: ownProfileChangedSchema }),
      },
    },
    async (request, reply) => {
      const { user, passwordChanged } = await changeOwnProfile(db, currentUser(request), request.body);
      if (passwordChanged) await startSession(request, reply, options, user);
      return { message: passwordChanged ? "Your profile and new password are saved" : "Your profile is saved", data: toPublicUser(user) };
    },
  );

  /** GET /api/user — a logged-in user; 401 otherwise. */
  app.get("/api/user", { preValidation: requireUser, schema: { response: answers({ 200: publicUserSchema }) } }, async (request) =>
    toPublicUser(currentUser(request)),
  );
};
