import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ErrorResponse } from "@common/contract/wire";
import type { Answer } from "./api";

/**
 * Puts each field error of a refused write (`errors`, keyed by the field's path) under its field,
 * and returns what should show above the form: the server's message when no shown field carries it
 * (a 409 naming the estimate's state, say), or the generic text when there was no answer.
 */
export function showRefusal<Values extends FieldValues>(
  answer: Extract<Answer<unknown>, { ok: false }>,
  setError: UseFormSetError<Values>,
  fieldOf: (path: string) => Path<Values> | undefined,
): string | undefined {
  const errors = (answer.body as ErrorResponse | undefined)?.errors ?? {};
  let placed = false;
  for (const [path, message] of Object.entries(errors)) {
    const field = fieldOf(path);
    if (!field) continue;
    setError(field, { message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed ? undefined : (answer.message ?? answer.generic);
}
