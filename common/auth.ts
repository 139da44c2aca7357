import { z } from "zod";
import { emailRule, nameRule, newUsernameRule, passwordRule, usernameRule } from "./auth-rules";
import { type FieldRule, fieldError } from "./field-rules";
import { ROLES } from "./roles";

/**
 * A field of the server's schemas, checked by its rule in common/auth-rules.ts, the one the browser's
 * form runs: it cleans the value, then reports the first rule the value breaks as an issue on the
 * field. Each field keeps a schema of its own, so one that is not a string is reported beside the
 * other fields' issues, as before.
 */
export function ruled(rule: FieldRule) {
  return z
    .string()
    .overwrite(rule.clean)
    .check((ctx) => {
      const message = fieldError(rule, ctx.value);
      if (message) ctx.issues.push({ code: "custom", message, input: ctx.value });
    })
    .meta({ ...(rule.min ? { minLength: rule.min.length } : {}), maxLength: rule.max.length });
}

/** Login (docs/product.md §5). */
export const loginSchema = z.object({ username: ruled(usernameRule), password: ruled(passwordRule) });

export const optionalName = ruled(nameRule).optional().default("");

/** Register (docs/product.md §5): the username and password rules, a valid email, optional names. */
export const registerSchema = z.object({
  username: ruled(newUsernameRule),
  password: ruled(passwordRule),
  email: ruled(emailRule),
  firstName: optionalName,
  lastName: optionalName,
});

export const forgotPasswordSchema = z.object({ email: ruled(emailRule) });

const resetToken = z.string().min(1, "Invalid reset token").max(200);
export const resetPasswordSchema = z.object({ token: resetToken, newPassword: ruled(passwordRule) });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** An invitation's mailed token, as the accept page reads it from its address. */
const invitationToken = z.string().min(1, "Invalid invitation link").max(200);

/** The invitation page asks about its link as it opens, as the reset page does. */
export const invitationCheckSchema = z.object({ token: invitationToken });

/** POST /api/invitations/accept: the new account's username and password, and the names the person goes by. */
export const acceptInvitationSchema = z.object({
  token: invitationToken,
  username: ruled(newUsernameRule),
  password: ruled(passwordRule),
  firstName: optionalName,
  lastName: optionalName,
});

/** The reset page asks about its link as it opens, before anything is typed (docs/product.md §2). */
export const resetTokenCheckSchema = z.object({ token: resetToken });

export const roleMessages = {
  role: `Choose one of: ${ROLES.join(", ")}`,
  ownRole: "You cannot change your own role",
  pilotHasFlights: (count: number) => `Reassign this pilot's ${count} scheduled ${count === 1 ? "flight" : "flights"} first`,
} as const;

/** GET /api/admin/customers's filters: one role (customers unless told), and words in the name or e-mail. */
export const accountFiltersSchema = z.object({
  role: z.enum(ROLES, { message: roleMessages.role }).default("customer"),
  q: z.string().trim().max(200, "q is at most 200 characters").optional(),
});
