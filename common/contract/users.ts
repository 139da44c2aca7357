import { z } from "zod";
import { ROLES } from "../roles";
import { id, isoDate, listOf, messageSchema } from "./wire";

/**
 * A user as every endpoint answers it (login, register, GET /api/user, the admins' user list):
 * never the password or its hash, never the payment provider's customer id.
 */
export const publicUserSchema = z.object({
  id,
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  company: z.string(),
  phone: z.string(),
  /** Several lines, as the invoice prints them. */
  billingAddress: z.string(),
  /** False once the business deactivated the account: it cannot sign in. */
  active: z.boolean(),
  createdAt: isoDate,
});
export type PublicUser = z.input<typeof publicUserSchema>;

/** An account as the back office sees it: with the business's own notes, which its person never sees. */
export const accountSchema = publicUserSchema.extend({
  notes: z.string(),
  /** A customer's required liability limit per occurrence, in cents; null: none. */
  requiredInsuranceLimit: z.number().int().nullable(),
});
export type Account = z.input<typeof accountSchema>;

/** GET /api/admin/users. */
export const userListSchema = listOf(accountSchema);

/** PATCH /api/admin/users/:id and POST /api/admin/customers: what was done, and the account as stored. */
export const accountChangedSchema = z.object({ success: z.literal(true), message: z.string(), data: accountSchema });

/** PATCH /api/user: the person's own account as stored. */
export const ownProfileChangedSchema = z.object({ message: z.string(), data: publicUserSchema });

/** POST /api/logout. */
export const logoutSchema = messageSchema;

/** POST /api/forgot-password: the same message whether or not the account exists; the link only in development on loopback. */
export const forgotPasswordResponseSchema = z.object({ message: z.string(), resetLink: z.string().optional() });
export type ForgotPasswordResponse = z.input<typeof forgotPasswordResponseSchema>;

/** POST /api/reset-password. */
export const resetPasswordResponseSchema = messageSchema;
