import type { FastifyInstance } from "fastify";
import { assertStorableInput } from "../db/storable-input";

/**
 * One guard for every route, present and future. A preHandler rather than a preValidation hook:
 * the app's hooks run before a route's own, and requireUser/requireAdmin are route preValidation
 * hooks, so a visitor must meet their 401/403 before any word about the body. It runs after schema
 * validation, on what the handler will see (coerced ids included).
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook("preHandler", (request, _reply, done) => {
    // Pages store nothing: /login?next=%00 still renders the login page.
    if (!request.url.startsWith("/api/")) return done();
    try {
      assertStorableInput(request.params, request.query, request.body);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
