import { z } from "zod";
import { ROLES } from "./roles";
import { hasInvisibleCharacter, mixesScripts } from "./usernames";

const AUTH_LIMITS = { usernameMin: 3, passwordMin: 6, usernameMax: 50, passwordMax: 200, nameMax: 100, emailMax: 320 } as const;

export const authMessages = {
  username: "Username must be at least 3 characters",
  password: "Password must be at least 6 characters",
  email: "Please enter a valid email",
  passwordsMatch: "Passwords don't match",
  usernameInvisible: "Username cannot contain invisible or control characters",
  usernameMixedScripts: "Username must use the letters of one script, not a mix (such as Latin and Cyrillic)",
} as const;

/**
 * NFKC first, so a full-width "ＡＤＭＩＮ" is the "admin" it shows as, and login finds the form
 * register stored; then the trim, as NFKC turns some wide spaces into plain ones.
 */
const username = z
  .string()
  .overwrite((value) => value.normalize("NFKC"))
  .trim()
  .min(AUTH_LIMITS.usernameMin, authMessages.username)
  .max(AUTH_LIMITS.usernameMax, "Username is too long");

/**
 * A new name must also look like itself alone. Login keeps the plain rules, so an account named
 * before these existed can still sign in.
 */
const newUsername = username
  .refine((value) => !hasInvisibleCharacter(value), authMessages.usernameInvisible)
  .refine((value) => !mixesScripts(value), authMessages.usernameMixedScripts);
const password = z.string().min(AUTH_LIMITS.passwordMin, authMessages.password).max(AUTH_LIMITS.passwordMax, "Password is too long");
const email = z.string().trim().max(AUTH_LIMITS.emailMax, "Email is too long").pipe(z.email(authMessages.email));
const optionalName = z.string().trim().max(AUTH_LIMITS.nameMax, "Name is too long").optional().default("");

/** Login (docs/product.md §5). */
export const loginSchema = z.object({ username, password });
export type LoginInput = z.infer<typeof loginSchema>;

/** Register (docs/product.md §5): the username and password rules, a valid email, optional names. */
export const registerSchema = z.object({ username: newUsername, password, email, firstName: optionalName, lastName: optionalName });
export type RegisterInput = z.input<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The reset form (docs/product.md §5); the server receives only token and newPassword. */
export const resetPasswordFormSchema = z
  .object({ newPassword: password, confirmPassword: password })
  .refine((values) => values.newPassword === values.confirmPassword, { message: authMessages.passwordsMatch, path: ["confirmPassword"] });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

const resetToken = z.string().min(1, "Invalid reset token").max(200);
export const resetPasswordSchema = z.object({ token: resetToken, newPassword: password });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset page asks about its link as it opens, before anything is typed (docs/product.md §2). */
export const resetTokenCheckSchema = z.object({ token: resetToken });

export const roleMessages = {
  role: `Choose one of: ${ROLES.join(", ")}`,
  ownRole: "You cannot change your own role",
  pilotHasFlights: (count: number) => `Reassign this pilot's ${count} scheduled ${count === 1 ? "flight" : "flights"} first`,
} as const;

/** PATCH /api/admin/users/:id: an admin makes an account a customer, a pilot or an admin. */
export const roleChangeSchema = z.object({ role: z.enum(ROLES, { message: roleMessages.role }) });

/** GET /api/admin/customers's filters: one role (customers unless told), and words in the name or e-mail. */
export const accountFiltersSchema = z.object({
  role: z.enum(ROLES, { message: roleMessages.role }).default("customer"),
  q: z.string().trim().max(200, "q is at most 200 characters").optional(),
});
