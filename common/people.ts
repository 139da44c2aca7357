// The people the back office invites, adds and edits, and each person's own profile
// (docs/decisions/0058-people-and-invitations.md): the rules of their fields and the bodies of the
// calls, for the server's schemas; the browser shows the server's field errors.
import { z } from "zod";
import { requiredInsuranceSchema } from "./operator-records";
import { emailRule, nameRule, passwordRule } from "./auth-rules";
import { optionalName, ruled, roleMessages } from "./auth";
import { CONTACT_LIMITS, contactMessages } from "./contact";
import { type FieldRule, singleLineMessage, trimmed } from "./field-rules";
import { ROLES } from "./roles";

/** How long an invitation's link stays good. */
export const INVITATION_TTL_DAYS = 7;

export const INVITATION_STATUSES = ["pending", "accepted", "expired", "revoked"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const peopleMessages = {
  accountExists: (email: string) => `An account with ${email} already exists`,
  invitationPending: (email: string) => `${email} already has a pending invitation`,
  ownActive: "You cannot deactivate your own account",
  nothingToChange: "Send at least one field to change",
  currentPasswordNeeded: "Enter your current password to change your e-mail or password",
  currentPasswordWrong: "Current password is incorrect",
  invitationUnknown: "Invalid invitation link",
  invitationExpired: "This invitation has expired",
  invitationUsed: "This invitation has already been used",
  invitationRevoked: "This invitation was withdrawn",
  invitationAccepted: "This invitation was already accepted",
  accountDeactivated: "This account has been deactivated",
} as const;

const requiredName = (label: string): FieldRule => ({ ...nameRule, min: { length: 1, message: `${label} is required` } });

/** Optional, and like the contact form's phone number when given. */
const phoneRule: FieldRule = {
  clean: trimmed,
  optional: true,
  min: { length: CONTACT_LIMITS.phoneMin, message: contactMessages.phone },
  max: { length: CONTACT_LIMITS.phoneMax, message: "Phone number is too long" },
  oneLine: { message: singleLineMessage("Phone number") },
};

const companyRule: FieldRule = {
  clean: trimmed,
  max: { length: 200, message: "Company is too long" },
  oneLine: { message: singleLineMessage("Company") },
};

/** Several lines, as the invoice prints them. */
const billingAddressRule: FieldRule = { clean: trimmed, max: { length: 1000, message: "Billing address is too long" } };

const notesRule: FieldRule = { clean: trimmed, max: { length: 5000, message: "Notes are too long" } };

const role = z.enum(ROLES, { message: roleMessages.role });

/** POST /api/admin/invitations. */
export const invitationSchema = z.object({ email: ruled(emailRule), role, firstName: optionalName, lastName: optionalName });

/** The profile fields a customer keeps (company, phone, billing address), which each person may edit. */
const profileFields = {
  phone: ruled(phoneRule),
  company: ruled(companyRule),
  billingAddress: ruled(billingAddressRule),
};

/** POST /api/admin/customers: a phone-in customer, invited by mail when `invite`. */
export const newCustomerSchema = z.object({
  email: ruled(emailRule),
  firstName: ruled(requiredName("First name")),
  lastName: ruled(requiredName("Last name")),
  phone: profileFields.phone.optional().default(""),
  company: profileFields.company.optional().default(""),
  billingAddress: profileFields.billingAddress.optional().default(""),
  notes: ruled(notesRule).optional().default(""),
  invite: z.boolean({ message: "invite must be true or false" }).optional().default(false),
});

const atLeastOne = <Shape extends Record<string, unknown>>(body: Shape) => Object.values(body).some((value) => value !== undefined);

/** PATCH /api/admin/users/:id: the role, the profile, the notes, and whether the account may sign in. */
export const accountChangeSchema = z
  .object({
    role: role.optional(),
    active: z.boolean({ message: "active must be true or false" }).optional(),
    email: ruled(emailRule).optional(),
    firstName: ruled(nameRule).optional(),
    lastName: ruled(nameRule).optional(),
    phone: profileFields.phone.optional(),
    company: profileFields.company.optional(),
    billingAddress: profileFields.billingAddress.optional(),
    notes: ruled(notesRule).optional(),
    /** A customer's required liability limit per occurrence, in cents; null: none (docs/decisions/0068-operator-records.md). */
    requiredInsuranceLimit: requiredInsuranceSchema.shape.requiredInsuranceLimit.optional(),
  })
  .refine(atLeastOne, { message: peopleMessages.nothingToChange, path: ["body"] });

/** PATCH /api/user: a person's own profile; the e-mail or the password only with the current password. */
export const ownProfileSchema = z
  .object({
    email: ruled(emailRule).optional(),
    firstName: ruled(nameRule).optional(),
    lastName: ruled(nameRule).optional(),
    phone: profileFields.phone.optional(),
    company: profileFields.company.optional(),
    billingAddress: profileFields.billingAddress.optional(),
    currentPassword: z.string().max(200, "Password is too long").optional(),
    newPassword: ruled(passwordRule).optional(),
  })
  .refine(atLeastOne, { message: peopleMessages.nothingToChange, path: ["body"] });
