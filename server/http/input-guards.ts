import type { FastifyInstance } from "fastify";
import { type FieldErrors, idMessage, MAX_ID, nulMessage } from "@common/validation";
import { HttpError } from "./errors";

/** `id`, `userId`, `quoteId`…: the names our requests give row ids (integer columns). */
const isIdField = (name: string) => name === "id" || /[a-z]Id$/.test(name);

const isDigits = (value: string) => /^\s*\d+\s*$/.test(value);

/**
 * What PostgreSQL would refuse with an error of its own (a 500 to the caller) instead of our 400:
 * a NUL character in any text (text and jsonb hold none) and an id beyond `integer`. Walks a
 * body, query, params or multipart fields, naming each field by its path ("items.0.title").
 */
export function inputFieldErrors(value: unknown, path: readonly string[] = [], errors: FieldErrors = {}): FieldErrors {
  const field = path.join(".") || "body";
  const name = path.at(-1) ?? "";
  if (typeof value === "string") {
    if (value.includes("\0")) errors[field] ??= nulMessage(field);
    else if (isIdField(name) && isDigits(value) && Number(value) > MAX_ID) errors[field] ??= idMessage(field);
  } else if (typeof value === "number" || typeof value === "bigint") {
    if (isIdField(name) && value > MAX_ID) errors[field] ??= idMessage(field);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => inputFieldErrors(item, [...path, String(index)], errors));
  } else if (value !== null && typeof value === "object" && !ArrayBuffer.isView(value)) {
    for (const [key, item] of Object.entries(value)) {
      // A NUL in a key would reach a jsonb column as surely as one in a value.
      const keyPath = [...path, key.replaceAll("\0", "\\0")];
      if (key.includes("\0")) errors[keyPath.join(".")] ??= nulMessage(keyPath.join("."));
      inputFieldErrors(item, keyPath, errors);
    }
  }
  return errors;
}

/** The 400 of inputFieldErrors, or nothing when the input is fine. */
export function assertStorableInput(...parts: unknown[]): void {
  const errors: FieldErrors = {};
  for (const part of parts) inputFieldErrors(part, [], errors);
  const first = Object.values(errors)[0];
  if (first !== undefined) throw new HttpError(400, first, errors);
}

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
      done(error as HttpError);
    }
  });
}
