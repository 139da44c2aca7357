// The rules of the login, register, forgot-password and reset forms live once, here, as plain code:
// the browser checks the forms without loading zod and react-hook-form (about 42 KB gzip of /login's
// JavaScript; docs/decisions/0042-form-rules-as-plain-code.md), and common/auth.ts's schemas run
// the same rules on the server. This file imports no zod: the browser's "zod" is a module with a
// side effect (vite.config.ts), so any import of it would bring all of zod along.
import { EMAIL_PATTERN } from "./email-address";
import { type Checked, checkFields, type FieldRule, singleLineMessage, trimmed } from "./field-rules";
import { hasInvisibleCharacter, mixesScripts } from "./usernames";

export const authMessages = {
  username: "Username must be at least 3 characters",
  password: "Password must be at least 6 characters",
  email: "Please enter a valid email",
  passwordsMatch: "Passwords don't match",
  usernameTaken: "That username is already taken",
  usernameInvisible: "Username cannot contain invisible or control characters",
  usernameMixedScripts: "Username must use the letters of one script, not a mix (such as Latin and Cyrillic)",
  /** Login's answer to a deactivated account's right password (docs/decisions/0058-people-and-invitations.md). */
  deactivated: (businessEmail: string) => `This account has been deactivated. Please contact ${businessEmail} if you need access again.`,
} as const;

/**
 * NFKC first, so a full-width "ＡＤＭＩＮ" is the "admin" it shows as, and login finds the form
 * register stored; then the trim, as NFKC turns some wide spaces into plain ones.
 */
export const usernameRule: FieldRule = {
  clean: (value) => value.normalize("NFKC").trim(),
  min: { length: 3, message: authMessages.username },
  max: { length: 50, message: "Username is too long" },
  oneLine: { message: singleLineMessage("Username") },
};

/**
 * A new name must also look like itself alone. Login keeps the plain rules, so an account named
 * before these existed can still sign in.
 */
export const newUsernameRule: FieldRule = {
  ...usernameRule,
  more: (value) => (hasInvisibleCharacter(value) ? authMessages.usernameInvisible : mixesScripts(value) ? authMessages.usernameMixedScripts : undefined),
};

/** Taken as typed: spaces are part of a password. */
export const passwordRule: FieldRule = {
  clean: (value) => value,
  min: { length: 6, message: authMessages.password },
  max: { length: 200, message: "Password is too long" },
};

export const emailRule: FieldRule = {
  clean: trimmed,
  max: { length: 320, message: "Email is too long" },
  oneLine: { message: singleLineMessage("Email") },
  more: (value) => (EMAIL_PATTERN.test(value) ? undefined : authMessages.email),
};

/** A first or last name, which may be left empty. */
export const nameRule: FieldRule = { clean: trimmed, max: { length: 100, message: "Name is too long" }, oneLine: { message: singleLineMessage("Name") } };

export interface LoginInput {
  username: string;
  password: string;
}

/** Login (docs/product.md §5). */
export function checkLogin(input: LoginInput): Checked<LoginInput> {
  return checkFields(input, { username: usernameRule, password: passwordRule });
}

export interface RegisterInput {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

/** Register (docs/product.md §5): the new username's rules, the password's, a valid email, optional names. */
export function checkRegister(input: RegisterInput): Checked<RegisterInput> {
  return checkFields(input, { username: newUsernameRule, email: emailRule, firstName: nameRule, lastName: nameRule, password: passwordRule });
}

export interface ForgotPasswordInput {
  email: string;
}

export function checkForgotPassword(input: ForgotPasswordInput): Checked<ForgotPasswordInput> {
  return checkFields(input, { email: emailRule });
}

export interface ResetPasswordForm {
  newPassword: string;
  confirmPassword: string;
}

/** The reset form (docs/product.md §5): the new password twice; the server receives only the token and newPassword. */
export function checkResetPasswordForm(input: ResetPasswordForm): Checked<ResetPasswordForm> {
  const checked = checkFields(input, { newPassword: passwordRule, confirmPassword: passwordRule });
  if (!checked.errors.confirmPassword && checked.values.newPassword !== checked.values.confirmPassword) {
    checked.errors.confirmPassword = authMessages.passwordsMatch;
  }
  return checked;
}

export interface AcceptInvitationForm {
  username: string;
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
}

/** The invitation page's form: a new username, optional names, and the password twice, as register and reset check them. */
export function checkAcceptInvitation(input: AcceptInvitationForm): Checked<AcceptInvitationForm> {
  const checked = checkFields(input, {
    username: newUsernameRule,
    firstName: nameRule,
    lastName: nameRule,
    password: passwordRule,
    confirmPassword: passwordRule,
  });
  if (!checked.errors.confirmPassword && checked.values.password !== checked.values.confirmPassword) {
    checked.errors.confirmPassword = authMessages.passwordsMatch;
  }
  return checked;
}
