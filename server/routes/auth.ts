import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { loginSchema, registerSchema } from "@common/auth";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../auth/passwords";
import { toPublicUser } from "../auth/public-user";
import { users } from "../db/schema";
import { type AuthContext, endSession, requireUser, currentUser, startSession } from "../plugins/auth";
import { HttpError } from "../plugins/errors";
import { accountLimiter, addressLimiter } from "../plugins/rate-limit";

const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait 15 minutes and try again.";

interface AuthRouteOptions extends AuthContext {
  rateLimits: { windowMs: number; login: number; register: number };
}

function isUniqueViolation(error: unknown, index: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === "23505" && (constraint === index || current.message.includes(index))) return true;
  }
  return false;
}

export const authRoutes: FastifyPluginAsync<AuthRouteOptions> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, rateLimits } = options;
  const loginLimits = [
    addressLimiter(app, "login", rateLimits.login, rateLimits.windowMs, TOO_MANY_ATTEMPTS),
    accountLimiter(app, "login", rateLimits.login, rateLimits.windowMs, TOO_MANY_ATTEMPTS, (request: FastifyRequest) =>
      String((request.body as { username?: unknown } | undefined)?.username ?? ""),
    ),
  ];

  /** POST /api/register — anyone; 10 an hour per address. Logs the new customer in. */
  app.post(
    "/api/register",
    {
      schema: { body: registerSchema },
      preHandler: [addressLimiter(app, "register", rateLimits.register, 3_600_000, "Too many sign-ups from your address. Please try again later.")],
    },
    async (request, reply) => {
      const { password, ...profile } = request.body;
      const taken = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${profile.username}) or lower(${users.email}) = lower(${profile.email})`);
      if (taken.some((row) => row.username.toLowerCase() === profile.username.toLowerCase())) throw new HttpError(409, "That username is already taken");
      if (taken.length > 0) throw new HttpError(409, "An account with that email already exists");
      let user;
      try {
        [user] = await db.insert(users).values({ ...profile, passwordHash: await hashPassword(password) }).returning();
      } catch (error) {
        // Two sign-ups racing for the same name: the unique index decides.
        if (isUniqueViolation(error, "users_username_lower_idx")) throw new HttpError(409, "That username is already taken");
        if (isUniqueViolation(error, "users_email_lower_idx")) throw new HttpError(409, "An account with that email already exists");
        throw error;
      }
      if (!user) throw new Error("insert returned no user");
      await startSession(request, reply, options, user);
      return reply.code(201).send(toPublicUser(user));
    },
  );

  /** POST /api/login — anyone; limited per address and per account. */
  app.post("/api/login", { schema: { body: loginSchema }, preHandler: loginLimits }, async (request, reply) => {
    const { username, password } = request.body;
    const [user] = await db.select().from(users).where(eq(sql`lower(${users.username})`, username.toLowerCase())).limit(1);
    const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !valid) throw new HttpError(401, "Invalid username or password");
    await startSession(request, reply, options, user);
    return toPublicUser(user);
  });

  /** POST /api/logout — anyone; ends the session if there is one. */
  app.post("/api/logout", async (request, reply) => {
    await endSession(request, reply, options);
    return { message: "Logged out" };
  });

  /** GET /api/user — a logged-in user; 401 otherwise. */
  app.get("/api/user", { preValidation: requireUser }, async (request) => toPublicUser(currentUser(request)));
};
