// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { authMessages } from "@common/auth-rules";
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
      const customer: PublicUser = {
        id: 3,
        role: "customer",
        username: "amelia",
        email: "amelia@example.com",
        firstName: "Amelia",
        lastName: "Earhart",
        createdAt: "2026-01-10T09:00:00.000Z",
        company: "",
        phone: "",
        billingAddress: "",
        active: true,
      };
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

describe("/login's forms", () => {
  const openLogin = async () => {
    const { renderScreen, Page: LoginPage } = await freshPage(() => import("./login-page"));
    const { user } = renderScreen(<LoginPage />, "/login");
    const form = await screen.findByRole("form", { name: "Login" });
    const field = (label: string) => within(form).getByLabelText<HTMLInputElement>(label);
    return { user, form, username: field("Username"), password: field("Password") };
  };

  it("checks on submit: each field in error says why beside it, the first gets the focus, and nothing is sent", async () => {
    const sent = answerRequests({});
    const { user, form, username, password } = await openLogin();
    await user.type(password, "12345");
    expect(within(form).queryAllByRole("alert")).toEqual([]);

    await user.click(within(form).getByRole("button", { name: "Login" }));
    expect(document.getElementById("login-username-error")?.textContent).toBe(authMessages.username);
    expect(document.getElementById("login-password-error")?.textContent).toBe(authMessages.password);
    expect(username.getAttribute("aria-invalid")).toBe("true");
    expect(username.getAttribute("aria-describedby")).toBe("login-username-error");
    expect(document.activeElement).toBe(username);
    expect(sent).toEqual([]);
  });

  it("once sent, checks again on every change: a mended field loses its error, a broken one gets it back", async () => {
    answerRequests({});
    const { user, form, username, password } = await openLogin();
    await user.click(within(form).getByRole("button", { name: "Login" }));

    await user.type(username, "ame");
    expect(document.getElementById("login-username-error")).toBeNull();
    expect(username.hasAttribute("aria-invalid")).toBe(false);
    expect(document.getElementById("login-password-error")?.textContent).toBe(authMessages.password);

    await user.type(password, "123456");
    expect(within(form).queryAllByRole("alert")).toEqual([]);
    await user.type(username, "{Backspace}");
    expect(document.getElementById("login-username-error")?.textContent).toBe(authMessages.username);
  });

  it("sends the cleaned username, waits saying so, and keeps what was typed when the login fails", async () => {
    const bodies: unknown[] = [];
    let answer = (_response: Response) => {};
    vi.stubGlobal(
      "fetch",
      vi.fn((_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)));
        return new Promise<Response>((resolve) => (answer = resolve));
      }),
    );
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const { user, form, username, password } = await openLogin();
    await user.type(username, " ＡＭＥＬＩＡ ");
    await user.type(password, " secret ");
    await user.click(within(form).getByRole("button", { name: "Login" }));

    const waiting = await within(form).findByRole<HTMLButtonElement>("button", { name: "Logging in..." });
    expect(waiting.disabled).toBe(true);
    expect(bodies).toEqual([{ username: "AMELIA", password: " secret " }]);
    answer(new Response(JSON.stringify({ message: "Invalid username or password" }), { status: 401, headers: { "Content-Type": "application/json" } }));

    expect(await screen.findByText("Login failed")).toBeTruthy();
    expect(screen.getByText("Invalid username or password")).toBeTruthy();
    // The toast is raised inside the submit; the button is given back on the render after it.
    expect((await within(form).findByRole<HTMLButtonElement>("button", { name: "Login" })).disabled).toBe(false);
    expect(username.value).toBe(" ＡＭＥＬＩＡ ");
    expect(password.value).toBe(" secret ");
  });

  it("refuses a new username that mixes scripts, on its field, and sends nothing", async () => {
    const sent = answerRequests({});
    const { renderScreen, Page: LoginPage } = await freshPage(() => import("./login-page"));
    const { user } = renderScreen(<LoginPage />, "/login");
    await user.click(await screen.findByRole("tab", { name: "REGISTER" }));
    const form = screen.getByRole("form", { name: "Register" });
    await user.type(within(form).getByLabelText("Username"), "аdmin");
    await user.type(within(form).getByLabelText("Email"), "admin@example.com");
    await user.type(within(form).getByLabelText("Password"), "secret");
    await user.click(within(form).getByRole("button", { name: "Create Account" }));

    expect(
      within(form)
        .getAllByRole("alert")
        .map((alert) => alert.textContent),
    ).toEqual([authMessages.usernameMixedScripts]);
    expect(document.activeElement).toBe(within(form).getByLabelText("Username"));
    expect(sent).toEqual([]);
  });

  it("puts the focus on the e-mail field when the Forgot Password form opens", async () => {
    answerRequests({});
    const { user } = await openLogin();
    await user.click(screen.getByRole("button", { name: "Forgot Password?" }));
    expect(document.activeElement).toBe(within(screen.getByRole("form", { name: "Forgot password" })).getByLabelText("Email"));
  });
});
