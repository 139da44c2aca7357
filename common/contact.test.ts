import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkContactForm, contactMessages, contactRequestSchema } from "./contact";
import { EMAIL_SAMPLES } from "./testing/email-samples";

const valid = { name: "Jo", email: "jo@example.com", phone: "0123456789", service: "solar", message: "0123456789" };

const errorsOf = (input: typeof valid) => checkContactForm(input).errors;

/** Field → message of each issue the API's schema raises. */
function requestErrorsOf(input: unknown) {
  const result = contactRequestSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("checkContactForm", () => {
  it("accepts values exactly at the documented minimums", () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it.each([
    ["name", "J", contactMessages.name],
    ["email", "jo@", contactMessages.email],
    ["email", "", contactMessages.email],
    ["phone", "012345678", contactMessages.phone],
    ["service", "", contactMessages.service],
    ["message", "012345678", contactMessages.message],
  ])("rejects %s %j with its documented message", (field, value, message) => {
    expect(errorsOf({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it("reports every field in error at once", () => {
    expect(errorsOf({ name: "", email: "", phone: "", service: "", message: "" })).toEqual(contactMessages);
  });

  it("does not count surrounding spaces towards a minimum, and hands back the trimmed values", () => {
    expect(errorsOf({ ...valid, name: "  J  " })).toEqual({ name: contactMessages.name });
    expect(checkContactForm({ ...valid, name: "  Jo  ", email: " jo@example.com " }).values).toEqual(valid);
  });

  it("bounds each length", () => {
    expect(errorsOf({ ...valid, name: "x".repeat(201) })).toEqual({ name: "Name is too long" });
    expect(errorsOf({ ...valid, email: `${"x".repeat(320)}@example.com` })).toEqual({ email: "Email is too long" });
    expect(errorsOf({ ...valid, phone: "1".repeat(41) })).toEqual({ phone: "Phone number is too long" });
    expect(errorsOf({ ...valid, service: "x".repeat(101) })).toEqual({ service: "Service is too long" });
    expect(errorsOf({ ...valid, message: "x".repeat(10_001) })).toEqual({ message: "Message is too long" });
  });

  it("accepts the addresses zod's z.email() accepts, and no others", () => {
    for (const email of EMAIL_SAMPLES) {
      expect(!errorsOf({ ...valid, email }).email, email).toBe(z.email().safeParse(email).success);
    }
  });
});

describe("contactRequestSchema", () => {
  it("applies the form's rules, each message on its field", () => {
    expect(requestErrorsOf({ name: "A", email: "not-an-email", phone: "123", service: "", message: "short" })).toEqual(contactMessages);
  });

  it("stores trimmed values", () => {
    expect(contactRequestSchema.parse({ ...valid, name: "  Jo  ", message: " 0123456789 " })).toEqual(valid);
  });

  it("lets the quote request leave the phone out or empty", () => {
    const { phone: _phone, ...withoutPhone } = valid;
    expect(contactRequestSchema.safeParse(withoutPhone).success).toBe(true);
    expect(contactRequestSchema.safeParse({ ...valid, phone: "" }).success).toBe(true);
  });

  it("still checks a phone that is given", () => {
    expect(requestErrorsOf({ ...valid, phone: "123" })).toEqual({ phone: contactMessages.phone });
  });

  it("bounds the message length", () => {
    expect(requestErrorsOf({ ...valid, message: "x".repeat(10_001) })).toEqual({ message: "Message is too long" });
  });

  it("rejects a field that is not a string before checking the rules", () => {
    const { message: _message, ...withoutMessage } = valid;
    expect(Object.keys(requestErrorsOf({ ...withoutMessage, name: "A" }))).toEqual(["message"]);
    expect(contactRequestSchema.safeParse({ ...valid, website: "x".repeat(501) }).success).toBe(false);
  });
});
