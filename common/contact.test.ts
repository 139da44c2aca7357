import { describe, expect, it } from "vitest";
import { contactFormSchema, contactMessages, contactRequestSchema } from "./contact";

const valid = { name: "Jo", email: "jo@example.com", phone: "0123456789", service: "solar", message: "0123456789" };

function errorsOf(input: unknown) {
  const result = contactFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("contactFormSchema", () => {
  it("accepts values exactly at the SPEC minimums", () => {
    expect(contactFormSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ["name", "J", contactMessages.name],
    ["email", "jo@", contactMessages.email],
    ["email", "", contactMessages.email],
    ["phone", "012345678", contactMessages.phone],
    ["service", "", contactMessages.service],
    ["message", "012345678", contactMessages.message],
  ])("rejects %s %j with its SPEC message", (field, value, message) => {
    expect(errorsOf({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it("does not count surrounding spaces towards a minimum", () => {
    expect(errorsOf({ ...valid, name: "  J  " })).toEqual({ name: contactMessages.name });
  });

  it("uses the exact SPEC wording", () => {
    expect(contactMessages).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      phone: "Please enter a valid phone number",
      service: "Please select a service",
      message: "Message must be at least 10 characters",
    });
  });
});

describe("contactRequestSchema", () => {
  it("lets the quote request leave the phone out", () => {
    const { phone: _phone, ...withoutPhone } = valid;
    expect(contactRequestSchema.safeParse(withoutPhone).success).toBe(true);
  });

  it("still checks a phone that is given", () => {
    expect(contactRequestSchema.safeParse({ ...valid, phone: "123" }).success).toBe(false);
  });

  it("bounds the message length", () => {
    expect(contactRequestSchema.safeParse({ ...valid, message: "x".repeat(10_001) }).success).toBe(false);
  });
});
