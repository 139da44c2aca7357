import { describe, expect, it } from "vitest";
import { z } from "zod";
import { authMessages, checkForgotPassword, checkLogin, checkRegister, checkResetPasswordForm } from "./auth-rules";
import { EMAIL_SAMPLES } from "./testing/email-samples";

const login = { username: "amelia", password: "secret" };
const register = { username: "amelia", email: "amelia@example.com", firstName: "Amelia", lastName: "Earhart", password: "secret" };

describe("checkLogin", () => {
  it("accepts a username and a password exactly at their minimums", () => {
    expect(checkLogin({ username: "ame", password: "123456" })).toEqual({ values: { username: "ame", password: "123456" }, errors: {} });
  });

  it.each([
    ["username", "am", authMessages.username],
    ["username", "", authMessages.username],
    ["username", "x".repeat(51), "Username is too long"],
    ["password", "12345", authMessages.password],
    ["password", "x".repeat(201), "Password is too long"],
  ])("rejects %s %j with its message", (field, value, message) => {
    expect(checkLogin({ ...login, [field]: value }).errors).toEqual({ [field]: message });
  });

  it("reports both fields at once", () => {
    expect(checkLogin({ username: "", password: "" }).errors).toEqual({ username: authMessages.username, password: authMessages.password });
  });

  it("takes a username in its NFKC form, then trimmed: a full-width name is the name it shows as", () => {
    expect(checkLogin({ ...login, username: "ＡＤＭＩＮ" }).values.username).toBe("ADMIN");
    // NFKC turns the ideographic space into a plain one, which the trim then drops.
    expect(checkLogin({ ...login, username: "\u3000admin  " }).values.username).toBe("admin");
    expect(checkLogin({ ...login, username: "  am  " }).errors).toEqual({ username: authMessages.username });
    expect(checkLogin({ ...login, username: ` ${"x".repeat(50)} ` }).errors).toEqual({});
  });

  it("keeps a password as typed, spaces and all", () => {
    expect(checkLogin({ ...login, password: " 1234 " })).toEqual({ values: { ...login, password: " 1234 " }, errors: {} });
    expect(checkLogin({ ...login, password: " 123 " }).errors).toEqual({ password: authMessages.password });
  });

  it("lets an existing name that a new account could not take still sign in", () => {
    expect(checkLogin({ ...login, username: "ad\u200bmin" }).errors).toEqual({});
    expect(checkLogin({ ...login, username: "аdmin" }).errors).toEqual({});
  });
});

describe("checkRegister", () => {
  it("accepts a new account, names trimmed, and an account without names", () => {
    expect(checkRegister({ ...register, firstName: " Amelia ", email: " amelia@example.com " })).toEqual({ values: register, errors: {} });
    expect(checkRegister({ ...register, firstName: "", lastName: "" }).errors).toEqual({});
  });

  it.each([
    ["username", "am", authMessages.username],
    ["username", "x".repeat(51), "Username is too long"],
    ["username", "ad\u200bmin", authMessages.usernameInvisible],
    ["username", "admin\u202e", authMessages.usernameInvisible],
    ["username", "аdmin", authMessages.usernameMixedScripts],
    ["email", "amelia@", authMessages.email],
    ["email", "", authMessages.email],
    ["email", `${"x".repeat(309)}@example.com`, "Email is too long"],
    ["firstName", "x".repeat(101), "Name is too long"],
    ["lastName", "x".repeat(101), "Name is too long"],
    ["password", "12345", authMessages.password],
  ])("rejects %s %j with its message", (field, value, message) => {
    expect(checkRegister({ ...register, [field]: value }).errors).toEqual({ [field]: message });
  });

  it("names only the first rule a username breaks: its length before its characters", () => {
    expect(checkRegister({ ...register, username: "a\u200b" }).errors).toEqual({ username: authMessages.username });
    expect(checkRegister({ ...register, username: `${"x".repeat(50)}\u200b` }).errors).toEqual({ username: "Username is too long" });
  });

  it("accepts a name written in one other script, and Japanese mixing its scripts", () => {
    for (const username of ["Ελένη", "Алексей", "田中たろう"]) expect(checkRegister({ ...register, username }).errors, username).toEqual({});
  });

  it("bounds a name and an email after trimming them", () => {
    expect(checkRegister({ ...register, firstName: ` ${"x".repeat(100)} ` }).errors).toEqual({});
    expect(checkRegister({ ...register, email: ` ${"x".repeat(308)}@example.com ` }).errors).toEqual({});
  });
});

describe("checkForgotPassword", () => {
  it("takes the trimmed address", () => {
    expect(checkForgotPassword({ email: " amelia@example.com " })).toEqual({ values: { email: "amelia@example.com" }, errors: {} });
  });

  it("accepts the addresses zod's z.email() accepts, and no others", () => {
    for (const email of EMAIL_SAMPLES) {
      expect(checkForgotPassword({ email }).errors.email === undefined, email).toBe(z.email().safeParse(email).success);
    }
  });
});

describe("checkResetPasswordForm", () => {
  it("accepts the same new password twice", () => {
    expect(checkResetPasswordForm({ newPassword: "secret", confirmPassword: "secret" }).errors).toEqual({});
  });

  it("says the passwords don't match on the confirmation", () => {
    expect(checkResetPasswordForm({ newPassword: "secret", confirmPassword: "secret " }).errors).toEqual({ confirmPassword: authMessages.passwordsMatch });
  });

  it("gives each field its own length message first", () => {
    expect(checkResetPasswordForm({ newPassword: "12345", confirmPassword: "12345" }).errors).toEqual({
      newPassword: authMessages.password,
      confirmPassword: authMessages.password,
    });
    expect(checkResetPasswordForm({ newPassword: "12345", confirmPassword: "123456" }).errors).toEqual({
      newPassword: authMessages.password,
      confirmPassword: authMessages.passwordsMatch,
    });
    expect(checkResetPasswordForm({ newPassword: "123456", confirmPassword: "x".repeat(201) }).errors).toEqual({ confirmPassword: "Password is too long" });
  });
});
