// The rules of the contact form live once, in checkContactForm below, as plain code: the form at
// the end of every page runs it in the browser without loading zod (zod cost the home page 24.5 KB
// gzip of its 100 KB budget, and zod/mini still 14.8 KB, its core shared with the full build that
// other screens load; docs/decisions/0042-form-rules-as-plain-code.md), and the API runs the same
// function inside contactRequestSchema. That schema is zod/mini, not "zod": the browser's "zod" is
// a module with a side effect (vite.config.ts), which would pull zod into the form's bundle even
// unused, while zod/mini is dropped whole when only checkContactForm is used.
import * as z from "zod/mini";
import { EMAIL_PATTERN } from "./email-address";
import { type Checked, checkFields, type FieldRule, singleLineMessage, trimmed } from "./field-rules";

export const CONTACT_LIMITS = {
  nameMin: 2,
  phoneMin: 10,
  messageMin: 10,
  serviceMin: 1,
  messageRows: 5,
  // Upper bounds keep one request from filling the database (docs/product.md §5).
  nameMax: 200,
  emailMax: 320,
  phoneMax: 40,
  serviceMax: 100,
  messageMax: 10_000,
} as const;

export const contactMessages = {
  name: "Name must be at least 2 characters",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  service: "Please select a service",
  message: "Message must be at least 10 characters",
} as const;

export interface ContactForm {
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
}

export type ContactField = keyof ContactForm;
export const CONTACT_FIELDS: readonly ContactField[] = ["name", "email", "phone", "service", "message"];

/** Each value trimmed (surrounding spaces never count towards a length), then the docs/product.md §5 minimum (and email shape), then the upper bound. */
const CONTACT_RULES: Record<ContactField, FieldRule> = {
  name: {
    clean: trimmed,
    min: { length: CONTACT_LIMITS.nameMin, message: contactMessages.name },
    max: { length: CONTACT_LIMITS.nameMax, message: "Name is too long" },
    oneLine: { message: singleLineMessage("Name") },
  },
  email: {
    clean: trimmed,
    max: { length: CONTACT_LIMITS.emailMax, message: "Email is too long" },
    oneLine: { message: singleLineMessage("Email") },
    more: (value) => (EMAIL_PATTERN.test(value) ? undefined : contactMessages.email),
  },
  phone: {
    clean: trimmed,
    min: { length: CONTACT_LIMITS.phoneMin, message: contactMessages.phone },
    max: { length: CONTACT_LIMITS.phoneMax, message: "Phone number is too long" },
    oneLine: { message: singleLineMessage("Phone number") },
  },
  service: {
    clean: trimmed,
    min: { length: CONTACT_LIMITS.serviceMin, message: contactMessages.service },
    max: { length: CONTACT_LIMITS.serviceMax, message: "Service is too long" },
    oneLine: { message: singleLineMessage("Service") },
  },
  message: {
    clean: trimmed,
    min: { length: CONTACT_LIMITS.messageMin, message: contactMessages.message },
    max: { length: CONTACT_LIMITS.messageMax, message: "Message is too long" },
  },
};
const QUOTE_RULES: Record<ContactField, FieldRule> = { ...CONTACT_RULES, phone: { ...CONTACT_RULES.phone, optional: true } };

/**
 * The contact form's rules (docs/product.md §5), for the browser and the server alike.
 * `optionalPhone` is the API's case of a quote request, which sends no phone: an empty one passes,
 * a given one is checked.
 */
export function checkContactForm(input: ContactForm, { optionalPhone = false } = {}): Checked<ContactForm> {
  return checkFields(input, optionalPhone ? QUOTE_RULES : CONTACT_RULES);
}

/**
 * What POST /api/contact accepts: the form's fields as strings, run through checkContactForm (each
 * failed rule an issue on its field). The quote dialog sends no phone (docs/product.md §7), so the server takes
 * it as optional; `website` is a honeypot that people never fill in. Marked pure: the browser's
 * bundle, which never reads it, drops it and zod/mini with it.
 */
export const contactRequestSchema = /* @__PURE__ */ buildContactRequestSchema();

function buildContactRequestSchema() {
  return z
    .object({
      name: z.string(),
      email: z.string(),
      phone: z.optional(z.string()),
      service: z.string(),
      message: z.string(),
      website: z.optional(z.string().check(z.maxLength(500))),
    })
    .check((ctx) => {
      // Runs only once every field is a string; the stored values are the trimmed ones.
      const { values, errors } = checkContactForm({ ...ctx.value, phone: ctx.value.phone ?? "" }, { optionalPhone: true });
      for (const field of CONTACT_FIELDS) {
        const message = errors[field];
        if (message) ctx.issues.push({ code: "custom", message, path: [field], input: ctx.value[field] });
      }
      ctx.value = { ...ctx.value, ...values };
    });
}

export type ContactRequest = z.infer<typeof contactRequestSchema>;
