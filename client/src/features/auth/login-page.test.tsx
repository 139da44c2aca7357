// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerRequests } from "@/testing/answer-fetch";
import { freshPage } from "@/testing/fresh-page";

describe("/login's two tabs", () => {
  it("the switch links move focus to the tab they show, and what was typed stays in the other", async () => {
    answerRequests({ "GET /api/user": { status: 401, body: { message: "Not authenticated" } } });
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
  });
});
