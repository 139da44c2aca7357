import { afterEach, describe, expect, it, vi } from "vitest";
import type { PublicUser } from "@common/contract/users";
import { QUOTE_INVALID_RESPONSE, QUOTE_LOGIN_REQUIRED, QUOTE_NETWORK_ERROR, QUOTE_SUBMIT_FAILED, quoteContactRequest, submitQuote } from "./submit-quote";

const user: PublicUser = {
  id: 1,
  username: "ada",
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  role: "customer",
  createdAt: "2026-01-01T00:00:00.000Z",
  company: "",
  phone: "",
  billingAddress: "",
  active: true,
};
const quote = { serviceType: "solar", description: "Inspect 400 panels", budget: "", timeline: "June" };

function answer(status: number, body: string, contentType = "application/json") {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body, { status, headers: { "Content-Type": contentType } })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("submitting a custom quote", () => {
  it("sends the user's name and e-mail, the service and the formatted quote message", () => {
    expect(quoteContactRequest(quote, user)).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      service: "solar",
      message: "CUSTOM QUOTE REQUEST:\nService: solar\nDescription: Inspect 400 panels\nBudget: Not specified\nTimeline: June",
    });
  });

  it("falls back to the username when the account has no usable name", () => {
    expect(quoteContactRequest(quote, { ...user, firstName: "", lastName: "" }).name).toBe("ada");
  });

  it("resolves once the server has stored the request", async () => {
    answer(201, JSON.stringify({ success: true, message: "ok", data: { id: 9 } }));
    await expect(submitQuote(quote, user)).resolves.toBeUndefined();
  });

  it("resolves to the job the request opened, where the site drawn with it is stored", async () => {
    answer(201, JSON.stringify({ success: true, message: "ok", data: { id: 9, quoteId: 3, jobId: 12 } }));
    await expect(submitQuote(quote, user)).resolves.toBe(12);
  });

  it("explains a 401, a non-JSON answer, a server message and a network failure", async () => {
    answer(401, JSON.stringify({ message: "Unauthorized" }));
    await expect(submitQuote(quote, user)).rejects.toThrow(QUOTE_LOGIN_REQUIRED);
    answer(200, "<!doctype html><html></html>", "text/html");
    await expect(submitQuote(quote, user)).rejects.toThrow(QUOTE_INVALID_RESPONSE);
    answer(400, JSON.stringify({ message: "Description is too long", errors: [] }));
    await expect(submitQuote(quote, user)).rejects.toThrow("Description is too long");
    answer(500, JSON.stringify({}));
    await expect(submitQuote(quote, user)).rejects.toThrow(QUOTE_SUBMIT_FAILED);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(submitQuote(quote, user)).rejects.toThrow(QUOTE_NETWORK_ERROR);
  });
});
