// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PublicUser } from "@common/contract/users";
import { SIGNED_IN_HINT_COOKIE } from "@common/signed-in-hint";
import { answerRequests } from "@/testing/answer-fetch";
import { freshPage } from "@/testing/fresh-page";

describe("/login's two tabs", () => {
  it("the switch links move focus to the tab they show, and what was typed stays in the other", async () => {
    const sent = answerRequests({});
    const { renderScreen, Page: LoginPage } = await freshPage(() => import("./login-page"));
    const { user } = renderScreen(<LoginPage />, "/login");
    const login = await screen.findByRole("form", { name: "Login" });
    await user.type(within(login).getByLabelText("Username"), "amelia");

    await user.click(screen.getByRole("button", { name: "Create an account" }));
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "REGISTER" }));
    expect(screen.getByRole("tab", { name: "REGISTER" }).getAttribute("aria-selected")).toBe("true");

    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "LOGIN" }));
    expect(within(screen.getByRole("form", { name: "Login" })).getByLabelText<HTMLInputElement>("Username").value).toBe("amelia");
    // No hint cookie: a visitor, not asked about (GET /api/user would answer 401, an error in the console).
    expect(sent).toEqual([]);
  });

  it("asks who is signed in when the hint cookie says someone may be, and sends a signed-in customer on to the dashboard", async () => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
    try {
      const customer: PublicUser = { id: 3, role: "customer", username: "amelia", email: "amelia@example.com", firstName: "Amelia", lastName: "Earhart", createdAt: "2026-01-10T09:00:00.000Z" };
      const sent = answerRequests({ "GET /api/user": { status: 200, body: customer } });
      const { renderScreen, Page: LoginPage } = await freshPage(() => import("./login-page"));
      const { currentPath } = renderScreen(<LoginPage />, "/login");
      await waitFor(() => expect(currentPath()).toBe("/dashboard"));
      expect(sent.map((request) => request.url)).toEqual(["/api/user"]);
    } finally {
      document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0`;
    }
  });
});
