import type { z } from "zod";

/** Field name → first message, the shape of `errors` in a 400 answer (DESIGN §3). */
export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(issues: readonly Pick<z.core.$ZodIssue, "path" | "message">[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join(".") || "body";
    errors[field] ??= issue.message;
  }
  return errors;
}
