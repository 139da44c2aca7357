/**
 * The address pattern of zod 4's z.email() (regexes.email in zod/v4/core), which the forms used
 * before they checked without zod: the same addresses pass. Spelled here because importing it brings
 * all of zod's patterns; the contact form's rules and the account forms' rules both test against it.
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
