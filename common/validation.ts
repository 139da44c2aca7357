import type { z } from "zod";

/** Field name → first message, the shape of `errors` in a 400 answer (docs/architecture.md §3). */
export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(issues: readonly Pick<z.core.$ZodIssue, "path" | "message">[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join(".") || "body";
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The largest id a row can have: ids are PostgreSQL `integer` (serial) columns. */
export const MAX_ID = 2_147_483_647;

export const idMessage = (field: string) => `${field} must be a whole number from 1 to ${MAX_ID}`;
export const nulMessage = (field: string) => `${field} must not contain a NUL character`;
export const surrogateMessage = (field: string) => `${field} must not contain a broken character (a lone UTF-16 surrogate)`;

/**
 * Half of a UTF-16 pair with no other half: no character at all. PostgreSQL's text columns store it
 * as U+FFFD, but its jsonb refuses the escape JSON.stringify writes for it ("\ud800"), so the same
 * value passes one insert and fails the next (the mail outbox's payload is jsonb).
 */
export const hasLoneSurrogate = (value: string) => /\p{Cs}/u.test(value);
