import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createSession, destroySession, resolveSession } from "../auth/sessions";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { User } from "../db/schema";
import { HttpError } from "./errors";

declare module "fastify" {
  interface FastifyRequest {
    /** The logged-in user, resolved from the session cookie on every /api request. */
    user: User | null;
    sessionToken: string | null;
  }
}

export const SESSION_COOKIE = "sv_session";

export interface AuthContext {
  db: Database;
  config: Pick<Config, "secureCookies" | "sessionIdleMs" | "sessionMaxMs">;
}

/** Session cookie → request.user, plus the CSRF guard for cookie-authenticated writes. */
export async function registerAuth(app: FastifyInstance, { db, config }: AuthContext): Promise<void> {
  await app.register(cookie);
  app.decorateRequest("user", null);
  app.decorateRequest("sessionToken", null);

  // Callback style, so the many requests without a session cost no promise and no database query.
  app.addHook("onRequest", (request, _reply, done) => {
    if (!request.url.startsWith("/api/")) return done();
    refuseCrossSiteWrite(request);
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return done();
    request.sessionToken = token;
    resolveSession(db, token, { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs }).then((user) => {
      request.user = user;
      done();
    }, done);
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * SameSite=Lax keeps the cookie off cross-site POSTs in current browsers; this refuses any
 * write whose Origin (or Fetch Metadata) says it came from another site, for older ones and
 * for same-site-but-cross-origin pages (docs/decisions/0006-csrf-defence.md).
 */
function refuseCrossSiteWrite(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite === "cross-site" || fetchSite === "same-site") throw new HttpError(403, "Cross-site request refused");
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new HttpError(403, "Cross-site request refused");
  }
  // Through URL both sides drop a default port, so "example.com:443" and "example.com" agree.
  if (originHost !== new URL(`${request.protocol}://${request.host}`).host) throw new HttpError(403, "Cross-site request refused");
}

/** Starts a fresh session for the user, ending the one the request came with (no fixation). */
export async function startSession(request: FastifyRequest, reply: FastifyReply, { db, config }: AuthContext, user: User): Promise<void> {
  if (request.sessionToken) await destroySession(db, request.sessionToken);
  const lifetime = { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs };
  const token = await createSession(db, user.id, lifetime);
  request.sessionToken = token;
  request.user = user;
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    // Set at login only, so it must not outlive the session's absolute end.
    maxAge: Math.floor(Math.min(lifetime.idleMs, lifetime.maxMs) / 1000),
  });
}

export async function endSession(request: FastifyRequest, reply: FastifyReply, { db, config }: AuthContext): Promise<void> {
  if (request.sessionToken) await destroySession(db, request.sessionToken);
  request.user = null;
  request.sessionToken = null;
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: config.secureCookies });
}

/** A preValidation hook: 401 for visitors, before their request body is even looked at. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new HttpError(401, "Please log in to continue");
}

/** A preValidation hook: 401 for visitors, 403 for customers (DESIGN §4). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new HttpError(401, "Please log in to continue");
  if (request.user.role !== "admin") throw new HttpError(403, "This area is for administrators only");
}

/** The signed-in user of a route guarded by requireUser/requireAdmin. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw new HttpError(401, "Please log in to continue");
  return request.user;
}
