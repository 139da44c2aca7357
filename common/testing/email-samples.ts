/**
 * Addresses on both sides of z.email()'s line, for the tests that hold a form's address rule
 * (common/email-address.ts) to it: the rule must accept exactly the ones zod accepts.
 */
export const EMAIL_SAMPLES = [
  "jo@example.com",
  "first.last+tag@sub.example.co.uk",
  "o'brien@example.ie",
  "jo@",
  "@example.com",
  "jo@example",
  "jo..x@example.com",
  "jo@-example.com",
  "jo @example.com",
  "jo@example.c",
];
