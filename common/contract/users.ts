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
  createdAt: isoDate,
});
export type PublicUser = z.input<typeof publicUserSchema>;

/** GET /api/admin/users. */
export const userListSchema = listOf(publicUserSchema);

/** POST /api/logout. */
export const logoutSchema = messageSchema;

/** POST /api/forgot-password: the same message whether or not the account exists; the link only in development on loopback. */
export const forgotPasswordResponseSchema = z.object({ message: z.string(), resetLink: z.string().optional() });
export type ForgotPasswordResponse = z.input<typeof forgotPasswordResponseSchema>;

/** POST /api/reset-password. */
export const resetPasswordResponseSchema = messageSchema;
