import { type FieldErrors, hasLoneSurrogate, idMessage, MAX_ID, nulMessage, surrogateMessage } from "@common/validation";
import { DomainError } from "../domain-errors";

/** `id`, `userId`, `quoteId`…: the names our requests give row ids (integer columns). */
const isIdField = (name: string) => name === "id" || /[a-z]Id$/.test(name);

const isDigits = (value: string) => /^\s*\d+\s*$/.test(value);

/**
 * What PostgreSQL would refuse with an error of its own (a 500 to the caller) instead of our 400:
 * a NUL character in any text (text and jsonb hold none), a lone UTF-16 surrogate (jsonb refuses
 * it, and a value stored in a text column often travels on as jsonb: a mail in the outbox, a job's
 * payload) and an id beyond `integer`. Walks a
 * body, query, params or multipart fields, naming each field by its path ("items.0.title").
 */
export function inputFieldErrors(value: unknown, path: readonly string[] = [], errors: FieldErrors = {}): FieldErrors {
  const field = path.join(".") || "body";
  const name = path.at(-1) ?? "";
  if (typeof value === "string") {
    if (value.includes("\0")) errors[field] ??= nulMessage(field);
    else if (hasLoneSurrogate(value)) errors[field] ??= surrogateMessage(field);
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
      else if (hasLoneSurrogate(key)) errors[keyPath.join(".")] ??= surrogateMessage(keyPath.join("."));
      inputFieldErrors(item, keyPath, errors);
    }
  }
  return errors;
}

/** Refuses (as "invalid") what inputFieldErrors finds, or does nothing when the input is fine. */
export function assertStorableInput(...parts: unknown[]): void {
  const errors: FieldErrors = {};
  for (const part of parts) inputFieldErrors(part, [], errors);
  const first = Object.values(errors)[0];
  if (first !== undefined) throw new DomainError("invalid", first, errors);
}
