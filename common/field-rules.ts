// A form's rules as plain code, one per field, for the browser and the server alike: the forms a
// visitor meets before signing in check with these without loading zod (decision 0042), and the
// API's schemas run the same rules (common/contact.ts, common/auth.ts). No zod here.

/**
 * One field's rule: how its value is cleaned before it is checked and kept, its length bounds (which
 * the API's OpenAPI document states too), then what else it must be once its length is right.
 * An `optional` field left empty passes.
 */
export interface FieldRule {
  clean: (value: string) => string;
  optional?: boolean;
  min?: { length: number; message: string };
  max: { length: number; message: string };
  more?: (value: string) => string | undefined;
}

/** The message of the first rule a cleaned value breaks, if any. */
export function fieldError(rule: FieldRule, value: string): string | undefined {
  if (rule.optional && value === "") return undefined;
  if (rule.min && value.length < rule.min.length) return rule.min.message;
  if (value.length > rule.max.length) return rule.max.message;
  return rule.more?.(value);
}

export const trimmed = (value: string) => value.trim();

/** A form's values as cleaned by its rules, and the message of each field in error. */
export interface Checked<Values> {
  values: Values;
  errors: Partial<Record<keyof Values, string>>;
}

/** Cleans and checks each field that has a rule; the other values come back as they were given. */
export function checkFields<Values extends { [Field in keyof Values]: string }>(input: Values, rules: Record<keyof Values, FieldRule>): Checked<Values> {
  const values = { ...input };
  const errors: Checked<Values>["errors"] = {};
  for (const field of Object.keys(rules) as (keyof Values & string)[]) {
    const rule = rules[field];
    const value = rule.clean(input[field]);
    values[field] = value as Values[typeof field];
    const error = fieldError(rule, value);
    if (error) errors[field] = error;
  }
  return { values, errors };
}
