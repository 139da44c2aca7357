import { z } from "zod";

/** Services a visitor can ask about in the contact form (SPEC §3). */
export const CONTACT_SERVICES = [
  { value: "solar", label: "Solar Inspections" },
  { value: "agriculture", label: "Agricultural Services" },
  { value: "photography", label: "Photography & Filming" },
  { value: "other", label: "Other" },
] as const;

export const CONTACT_LIMITS = {
  nameMin: 2,
  phoneMin: 10,
  messageMin: 10,
  serviceMin: 1,
  messageRows: 5,
  // Upper bounds keep one request from filling the database; the spec sets none.
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

const trimmed = z.string().trim();

/** The page form of the contact section (SPEC §5). */
export const contactFormSchema = z.object({
  name: trimmed
    .min(CONTACT_LIMITS.nameMin, contactMessages.name)
    .max(CONTACT_LIMITS.nameMax, "Name is too long"),
  email: trimmed
    .max(CONTACT_LIMITS.emailMax, "Email is too long")
    .pipe(z.email(contactMessages.email)),
  phone: trimmed
    .min(CONTACT_LIMITS.phoneMin, contactMessages.phone)
    .max(CONTACT_LIMITS.phoneMax, "Phone number is too long"),
  service: trimmed
    .min(CONTACT_LIMITS.serviceMin, contactMessages.service)
    .max(CONTACT_LIMITS.serviceMax, "Service is too long"),
  message: trimmed
    .min(CONTACT_LIMITS.messageMin, contactMessages.message)
    .max(CONTACT_LIMITS.messageMax, "Message is too long"),
});

export type ContactForm = z.infer<typeof contactFormSchema>;

/**
 * What POST /api/contact accepts. The quote dialog sends no phone (SPEC §7), so the
 * server takes it as optional; `website` is a honeypot that people never fill in.
 */
export const contactRequestSchema = contactFormSchema.extend({
  phone: z
    .union([contactFormSchema.shape.phone, z.literal("")])
    .optional(),
  website: z.string().max(500).optional(),
});

export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const emptyContactForm: ContactForm = {
  name: "",
  email: "",
  phone: "",
  service: "",
  message: "",
};
