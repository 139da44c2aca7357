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
  /** A one-line field (a name, a phone number): refuses what isSingleLine refuses, with this message. */
  oneLine?: { message: string };
  more?: (value: string) => string | undefined;
}

/** The message of the first rule a cleaned value breaks, if any. */
export function fieldError(rule: FieldRule, value: string): string | undefined {
  if (rule.optional && value === "") return undefined;
  if (rule.min && value.length < rule.min.length) return rule.min.message;
  if (value.length > rule.max.length) return rule.max.message;
  if (rule.oneLine && !isSingleLine(value)) return rule.oneLine.message;
  return rule.more?.(value);
}

// Control characters (C0 with CR, LF and tab, DEL, C1) and the Unicode line and paragraph separators.
const BREAKS_A_LINE = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/**
 * Whether a value fits one line: a name, a title, a subject, a phone number. Such values go into
 * mail subjects, a PDF's footer, a table cell, where a line break or a control character breaks the
 * layout (docs/architecture.md §4); multi-line fields (a message, a description, a note) are the
 * ones with a text area in the browser, and take new lines.
 */
export const isSingleLine = (value: string) => !BREAKS_A_LINE.test(value);

/** The one message of a one-line field that is not: `label` is how the form names the field. */
export const singleLineMessage = (label: string) => `${label} must be one line, without line breaks or control characters`;

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
