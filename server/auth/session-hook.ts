import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SIGNED_IN_HINT_COOKIE } from "@common/signed-in-hint";
import { createSession, destroySession, resolveSession } from "./sessions";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { User } from "../db/schema";
import { DomainError } from "../domain-errors";

declare module "fastify" {
  interface FastifyRequest {
    /** The logged-in user, resolved from the session cookie on every /api request. */
    user: User | null;
    sessionToken: string | null;
  }
}

const SESSION_COOKIE = "sv_session";

export interface AuthContext {
  db: Database;
  config: Pick<Config, "secureCookies" | "sessionIdleMs" | "sessionMaxMs" | "publicUrl">;
}

/** Session cookie → request.user, plus the CSRF guard for cookie-authenticated writes. */
export async function registerAuth(app: FastifyInstance, { db, config }: AuthContext): Promise<void> {
  await app.register(cookie);
  app.decorateRequest("user", null);
  app.decorateRequest("sessionToken", null);

  const publicOrigin = new URL(config.publicUrl).origin;
  // Callback style, so the many requests without a session cost no promise and no database query.
  app.addHook("onRequest", (request, reply, done) => {
    if (!request.url.startsWith("/api/")) return done();
    refuseCrossSiteWrite(request, publicOrigin);
    const token = request.cookies[SESSION_COOKIE];
    if (!token) {
      forgetStaleHint(request, reply, config);
      return done();
    }
    request.sessionToken = token;
    resolveSession(db, token, { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs }).then((user) => {
      request.user = user;
      if (!user) forgetStaleHint(request, reply, config);
      done();
    }, done);
  });
}

const hintCookieOptions = (config: AuthContext["config"]) => ({ path: "/", httpOnly: false, sameSite: "lax", secure: config.secureCookies }) as const;

/**
 * The hint outlives its session when the session ends on the server (expiry, a password reset, a
 * deleted account): the first request that finds no session behind it takes it away, so the page
 * stops asking for a user.
 */
function forgetStaleHint(request: FastifyRequest, reply: FastifyReply, config: AuthContext["config"]): void {
  if (request.cookies[SIGNED_IN_HINT_COOKIE] !== undefined) reply.clearCookie(SIGNED_IN_HINT_COOKIE, hintCookieOptions(config));
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * SameSite=Lax keeps the cookie off cross-site POSTs in current browsers; this refuses any
 * write whose Origin (or Fetch Metadata) says it came from another site, for older ones and
 * for same-site-but-cross-origin pages (docs/decisions/0006-csrf-defence.md). An origin is
 * scheme, host and port together: http://site must not write to https://site, nor :8080 to :443.
 * Accepted: the request's own origin (its scheme as a trusted proxy reports it) and PUBLIC_URL's.
 */
function refuseCrossSiteWrite(request: FastifyRequest, publicOrigin: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite === "cross-site" || fetchSite === "same-site") throw new DomainError("forbidden", "Cross-site request refused");
  const origin = request.headers.origin;
  if (origin === undefined) return;
  // Through URL both sides drop a default port, so "https://example.com:443" and "https://example.com" agree.
  const originOf = (url: string) => {
    try {
      return new URL(url).origin;
    } catch {
      return null;
    }
  };
  const claimed = originOf(origin);
  // An opaque origin ("null": sandboxed frames, some redirects) has no scheme or host to match.
  if (claimed === null || claimed === "null") throw new DomainError("forbidden", "Cross-site request refused");
  if (claimed !== publicOrigin && claimed !== originOf(`${request.protocol}://${request.host}`))
    throw new DomainError("forbidden", "Cross-site request refused");
}

/** Starts a fresh session for the user, ending the one the request came with (no fixation). */
export async function startSession(request: FastifyRequest, reply: FastifyReply, { db, config }: AuthContext, user: User): Promise<void> {
  if (request.sessionToken) await destroySession(db, request.sessionToken);
  const lifetime = { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs };
  const token = await createSession(db, user.id, lifetime);
  request.sessionToken = token;
  request.user = user;
  // Set at login only, so neither cookie may outlive the session's absolute end.
  const maxAge = Math.floor(Math.min(lifetime.idleMs, lifetime.maxMs) / 1000);
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    maxAge,
  });
  // Lives exactly as long, so public pages know to ask who is signed in (common/signed-in-hint.ts).
  reply.setCookie(SIGNED_IN_HINT_COOKIE, "1", { ...hintCookieOptions(config), maxAge });
}

export async function endSession(request: FastifyRequest, reply: FastifyReply, { db, config }: AuthContext): Promise<void> {
  if (request.sessionToken) await destroySession(db, request.sessionToken);
  request.user = null;
  request.sessionToken = null;
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: config.secureCookies });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, hintCookieOptions(config));
}

/** A preValidation hook: 401 for visitors, before their request body is even looked at. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new DomainError("unauthenticated", "Please log in to continue");
}

/** A preValidation hook: 401 for visitors, 403 for customers (docs/architecture.md §4). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new DomainError("unauthenticated", "Please log in to continue");
  if (request.user.role !== "admin") throw new DomainError("forbidden", "This area is for administrators only");
}

/**
 * A preValidation hook for the back office's job routes: 401 for visitors, 403 for customers. A
 * pilot gets through; what they may see and change is then narrowed to the jobs assigned to them.
 */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new DomainError("unauthenticated", "Please log in to continue");
  if (request.user.role !== "admin" && request.user.role !== "pilot") throw new DomainError("forbidden", "This area is for administrators only");
}

/** The signed-in user of a route guarded by requireUser/requireAdmin. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw new DomainError("unauthenticated", "Please log in to continue");
  return request.user;
}
