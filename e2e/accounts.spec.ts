// Accounts in the browser (docs/product.md §2 /login, /dashboard, /reset-password; §4 session; §5; §8 auth and reset).
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { authMessages as MESSAGES } from "@common/auth-rules";
import { type Account, expect, expectToast, logInWithForm, newAccount, ON_THE_DASHBOARD, readE2EState, registerCustomer, test } from "./fixtures";
import { mailHeader, mailText, waitForMail } from "./mailbox";

const loginForm = (page: Page) => page.getByRole("form", { name: "Login", exact: true });
const registerForm = (page: Page) => page.getByRole("form", { name: "Register", exact: true });
const forgotForm = (page: Page) => page.getByRole("form", { name: "Forgot password", exact: true });
const welcomeLine = (page: Page) => page.getByText(/^Welcome,/);

async function openLogin(page: Page, path = "/login"): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("tab", { name: "LOGIN" })).toHaveAttribute("aria-selected", "true");
  await expect(loginForm(page)).toBeVisible();
}

async function fillRegisterForm(page: Page, account: Account): Promise<void> {
  await page.getByRole("tab", { name: "REGISTER" }).click();
  const form = registerForm(page);
  await expect(form).toBeVisible();
  await form.getByLabel("Username").fill(account.username);
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("First Name").fill(account.firstName);
  await form.getByLabel("Last Name").fill(account.lastName);
  await form.getByLabel("Password", { exact: true }).fill(account.password);
}

/** The field shows exactly this message, tied to it (aria) and placed under it. */
async function expectFieldError(field: Locator, message: string): Promise<void> {
  const id = await field.getAttribute("id");
  const error = field.page().locator(`[id="${id}-error"]`);
  await expect(error).toHaveText(message);
  await expect(error).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
  const fieldBox = await field.boundingBox();
  const errorBox = await error.boundingBox();
  expect(fieldBox && errorBox && errorBox.y >= fieldBox.y + fieldBox.height - 1, `"${message}" sits under its field`).toBe(true);
}

async function expectNoFieldError(field: Locator): Promise<void> {
  const id = await field.getAttribute("id");
  await expect(field.page().locator(`[id="${id}-error"]`)).toHaveCount(0);
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
}

/** Counts the browser's calls to one API path, to prove a form stopped before sending. */
/** The page's check of its reset link answers that the link still works (e2e/account-journey.spec.ts checks it for real). */
async function answerLinkStillValid(page: Page): Promise<void> {
  await page.route("**/api/reset-password/check", (route) => route.fulfill({ json: { valid: true } }));
}

function countRequests(page: Page, pathname: string): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === pathname) count += 1;
  });
  return () => count;
}

interface TimelineEntry {
  what: "answer" | "open" | "navigate";
  at: number;
  detail: string;
}

/**
 * Logs, on the page's own clock, when each API answer arrives, when window.open is called and
 * when the app navigates, so the docs/product.md §9 delays are measured without the test runner's latency.
 */
async function recordTimeline(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const log: { what: string; at: number; detail: string }[] = [];
    (window as unknown as { __timeline: typeof log }).__timeline = log;
    const fetch = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof window.fetch>) => {
      const response = await fetch(...args);
      log.push({ what: "answer", at: performance.now(), detail: new URL(response.url).pathname });
      return response;
    };
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      log.push({ what: "open", at: performance.now(), detail: String(args[0]) });
      return open(...args);
    };
    for (const method of ["pushState", "replaceState"] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History["pushState"]>) => {
        log.push({ what: "navigate", at: performance.now(), detail: String(args[2]) });
        original(...args);
      };
    }
  });
}

/** The reset link of a password-reset mail, read from its text as its reader would. */
function mailedResetLink(mail: string): string {
  const link = /\bhttps?:\/\/\S+\/reset-password\?token=\S+/.exec(mailText(mail))?.[0];
  expect(link, mailText(mail)).toBeDefined();
  return link!;
}

/** Milliseconds on the page's clock from the answer of `pathname` to the first later `what` event. */
async function delayAfterAnswer(page: Page, pathname: string, what: TimelineEntry["what"], detail: RegExp): Promise<number> {
  const log = await page.evaluate(() => (window as unknown as { __timeline: TimelineEntry[] }).__timeline);
  const answer = log.find((entry) => entry.what === "answer" && entry.detail === pathname);
  const event = log.find((entry) => entry.what === what && detail.test(entry.detail) && answer && entry.at >= answer.at);
  expect(answer, `the answer of ${pathname} in ${JSON.stringify(log)}`).toBeDefined();
  expect(event, `a ${what} after it in ${JSON.stringify(log)}`).toBeDefined();
  return event!.at - answer!.at;
}

test.describe("registration", () => {
  test("registering through the REGISTER tab creates the account and opens the dashboard welcoming the first name", async ({ page }) => {
    const account = newAccount({ firstName: "Bessie", lastName: "Coleman" });
    await openLogin(page);
    await fillRegisterForm(page, account);
    await registerForm(page).getByRole("button", { name: "Create Account" }).click();

    await expectToast(page, "Account created");
    await expect(page).toHaveURL(ON_THE_DASHBOARD);
    await expect(welcomeLine(page)).toHaveText("Welcome, Bessie");
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

    // The session is real: the server knows the new user with every field that was typed.
    const me = await page.request.get("/api/user");
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ username: account.username, email: account.email, firstName: "Bessie", lastName: "Coleman" });
  });

  test("a user registered without a first name sees their email in the welcome line", async ({ page }) => {
    const account = newAccount({ firstName: "", lastName: "" });
    await openLogin(page);
    await fillRegisterForm(page, account);
    await registerForm(page).getByRole("button", { name: "Create Account" }).click();

    await expectToast(page, "Account created");
    await expect(page).toHaveURL(ON_THE_DASHBOARD);
    await expect(welcomeLine(page)).toHaveText(`Welcome, ${account.email}`);
  });
});

test.describe("login and register errors", () => {
  test("a short username and password show the docs/product.md §5 messages under their fields and send nothing", async ({ page }) => {
    const logins = countRequests(page, "/api/login");
    await openLogin(page);
    await logInWithForm(page, { username: "ab", password: "12345" });

    const form = loginForm(page);
    await expectFieldError(form.getByLabel("Username"), MESSAGES.username);
    await expectFieldError(form.getByLabel("Password", { exact: true }), MESSAGES.password);
    await expect(page).toHaveURL(/\/login$/);
    expect(logins()).toBe(0);

    // Long enough values clear both messages.
    await logInWithForm(page, { username: "abc", password: "123456" });
    await expectNoFieldError(form.getByLabel("Username"));
    await expectNoFieldError(form.getByLabel("Password", { exact: true }));
  });

  test("wrong credentials toast Login failed with the server message and keep what was typed", async ({ page, request }) => {
    const account = await registerCustomer(request);
    await openLogin(page);

    await logInWithForm(page, { username: account.username, password: "not-the-password" });
    await expectToast(page, "Login failed", "Invalid username or password");
    await expect(page).toHaveURL(/\/login$/);
    const form = loginForm(page);
    await expect(form.getByLabel("Username")).toHaveValue(account.username);
    await expect(form.getByLabel("Password", { exact: true })).toHaveValue("not-the-password");

    // An unknown user reads the same, so the form reveals nothing about who has an account.
    await logInWithForm(page, { username: `${account.username}-nobody`, password: account.password });
    await expectToast(page, "Login failed", "Invalid username or password");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("registering a taken username toasts Registration failed with the server message", async ({ page, request }) => {
    const taken = await registerCustomer(request);
    const account = newAccount({ username: taken.username });
    await openLogin(page);
    await fillRegisterForm(page, account);
    await registerForm(page).getByRole("button", { name: "Create Account" }).click();

    await expectToast(page, "Registration failed", "That username is already taken");
    await expect(page).toHaveURL(/\/login$/);
    await expect(registerForm(page).getByLabel("Email")).toHaveValue(account.email);
    expect((await page.request.get("/api/user")).status(), "no session was started").toBe(401);
  });

  test("an invalid email on REGISTER shows Please enter a valid email under it and sends nothing", async ({ page }) => {
    const registrations = countRequests(page, "/api/register");
    await openLogin(page);
    await fillRegisterForm(page, newAccount({ email: "pilot.example.com" }));
    const form = registerForm(page);
    await form.getByRole("button", { name: "Create Account" }).click();

    await expectFieldError(form.getByLabel("Email"), MESSAGES.email);
    await expectNoFieldError(form.getByLabel("Username"));
    await expectNoFieldError(form.getByLabel("Password", { exact: true }));
    await expect(page).toHaveURL(/\/login$/);
    expect(registrations()).toBe(0);
  });
});

test.describe("redirects", () => {
  test("a visitor opening /dashboard goes to /login and comes back to /dashboard after logging in", async ({ page, request }) => {
    const account = await registerCustomer(request, { firstName: "Jacqueline" });

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(loginForm(page)).toBeVisible();
    await logInWithForm(page, account);

    await expectToast(page, "Welcome back", "Logged in successfully");
    await expect(page).toHaveURL(ON_THE_DASHBOARD);
    await expect(welcomeLine(page)).toHaveText("Welcome, Jacqueline");
  });

  test("a logged-in user opening /login goes to /dashboard", async ({ page, newCustomer }) => {
    await newCustomer({ firstName: "Harriet" });

    await page.goto("/login");
    await expect(page).toHaveURL(ON_THE_DASHBOARD);
    await expect(welcomeLine(page)).toHaveText("Welcome, Harriet");
  });
});

test.describe("password reset", () => {
  test("forgot password, reset it in the tab that opens, then only the new password logs in", async ({ page, context, request }) => {
    await recordTimeline(context);
    const account = await registerCustomer(request);
    const newPassword = `renewed-${account.password}`;

    await openLogin(page);
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    const form = forgotForm(page);
    await form.getByLabel("Email").fill(account.email);

    // The run's server mails the link (e2e/serve.mjs gives it an SMTP peer), so the answer it gives in
    // development without mail is played here: its real answer plus the link its real mail carries.
    // That the server answers the link itself in that mode: server/routes/password-reset.test.ts.
    await page.route("**/api/forgot-password", async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { message: string };
      const mail = await waitForMail(account.email, "/reset-password?token=");
      await route.fulfill({ response, json: { ...answer, resetLink: mailedResetLink(mail) } });
    });
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/forgot-password");
    const opened = context.waitForEvent("page");
    await form.getByRole("button", { name: "Send Reset Link" }).click();
    const { resetLink } = (await (await answered).json()) as { resetLink?: string };
    expect(resetLink, "development without mail answers with the link").toMatch(/\/reset-password\?token=[^&]+$/);

    await expectToast(page, "Password reset requested", "If an account exists for that email");
    const notice = page.getByRole("status").filter({ hasText: "Development Mode" });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("link")).toHaveAttribute("href", resetLink!);

    const resetPage = await opened;
    await expect(resetPage).toHaveURL(resetLink!);
    // docs/product.md §9: the link opens about one second after the answer, not at once and not much later.
    const openDelay = await delayAfterAnswer(page, "/api/forgot-password", "open", /\/reset-password\?token=/);
    expect(openDelay, "the reset link opens after about 1 s").toBeGreaterThanOrEqual(950);
    expect(openDelay).toBeLessThan(5_000);
    await expect(resetPage.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();

    await resetPage.getByLabel("New Password").fill(newPassword);
    await resetPage.getByLabel("Confirm Password").fill(newPassword);
    await resetPage.getByRole("button", { name: "Reset Password" }).click();
    await expect(resetPage.getByRole("heading", { level: 1, name: "Password Reset Successful" })).toBeVisible();
    await expect(resetPage).toHaveURL(/\/login$/, { timeout: 10_000 });
    const redirectDelay = await delayAfterAnswer(resetPage, "/api/reset-password", "navigate", /^\/login$/);
    expect(redirectDelay, "the redirect to /login waits about 2 s").toBeGreaterThanOrEqual(1_950);
    expect(redirectDelay).toBeLessThan(6_000);

    await expect(loginForm(resetPage)).toBeVisible();
    await logInWithForm(resetPage, account);
    await expectToast(resetPage, "Login failed", "Invalid username or password");
    await expect(resetPage).toHaveURL(/\/login$/);

    await logInWithForm(resetPage, { username: account.username, password: newPassword });
    await expectToast(resetPage, "Welcome back", "Logged in successfully");
    await expect(resetPage).toHaveURL(ON_THE_DASHBOARD);
    await expect(welcomeLine(resetPage)).toHaveText(`Welcome, ${account.firstName}`);
  });

  test("with mail, the link comes by e-mail and not in the answer, works once, and only the new password logs in", async ({ page, request, baseURL }) => {
    const account = await registerCustomer(request);
    await openLogin(page);
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    await forgotForm(page).getByLabel("Email").fill(account.email);
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/forgot-password");
    await forgotForm(page).getByRole("button", { name: "Send Reset Link" }).click();
    expect(await (await answered).json(), "the same answer as for an unknown address, without the link").toEqual({
      message: "If an account exists for that email, we have sent a link to reset its password.",
    });
    await expectToast(page, "Password reset requested", "If an account exists for that email");
    await expect(page.getByRole("status").filter({ hasText: "Development Mode" })).toHaveCount(0);

    // The mail, as the account's owner receives it: from the business, with a link to this site.
    const mail = await waitForMail(account.email, "Subject: Reset your SkyVantage password");
    expect(mailHeader(mail, "From")).toBe(readE2EState()?.mailFrom);
    expect(mailHeader(mail, "To")).toBe(account.email);
    const link = mailedResetLink(mail);
    expect(link.startsWith(`${baseURL}/reset-password?token=`), link).toBe(true);

    const newPassword = `mailed-${account.password}`;
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
    await page.getByLabel("New Password").fill(newPassword);
    await page.getByLabel("Confirm Password").fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Password Reset Successful" })).toBeVisible();

    const token = new URL(link).searchParams.get("token");
    const again = await request.post("/api/reset-password", { data: { token, newPassword: `again-${newPassword}` } });
    expect(again.status(), "a mailed link works once").toBe(400);
    expect((await request.post("/api/login", { data: { username: account.username, password: account.password } })).status()).toBe(401);
    expect((await request.post("/api/login", { data: { username: account.username, password: newPassword } })).status()).toBe(200);
  });

  test("mismatched passwords show Passwords don't match under Confirm Password and send nothing", async ({ page }) => {
    await answerLinkStillValid(page);
    const resets = countRequests(page, "/api/reset-password");
    await page.goto("/reset-password?token=not-checked-before-sending");
    await page.getByLabel("New Password").fill("first-password");
    await page.getByLabel("Confirm Password").fill("second-password");
    await page.getByRole("button", { name: "Reset Password" }).click();

    await expectFieldError(page.getByLabel("Confirm Password"), MESSAGES.passwordsMatch);
    await expectNoFieldError(page.getByLabel("New Password"));
    await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
    expect(resets()).toBe(0);
  });

  test("/reset-password without a token shows Invalid Reset Link and a way back to login", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page.getByRole("heading", { level: 1, name: "Invalid Reset Link" })).toBeVisible();
    await expect(page.getByText("Invalid reset link. Please request a new password reset.")).toBeVisible();
    await expect(page.getByLabel("New Password")).toHaveCount(0);

    await page.getByRole("link", { name: "Back to Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(loginForm(page)).toBeVisible();
  });

  test("a token the server refuses at the reset toasts Reset failed with Invalid reset token and keeps the form", async ({ page }) => {
    // A link that was still good as the page opened, and used up (say in another tab) before the reset.
    await answerLinkStillValid(page);
    await page.goto(`/reset-password?token=bogus-${Math.random().toString(36).slice(2)}`);
    await page.getByLabel("New Password").fill("brand-new-password");
    await page.getByLabel("Confirm Password").fill("brand-new-password");
    await page.getByRole("button", { name: "Reset Password" }).click();

    await expectToast(page, "Reset failed", "Invalid reset token");
    await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password\?token=bogus-/);
  });
});

test.describe("logout", () => {
  test("Logout goes home with the Logged out toast, and /dashboard then sends to /login", async ({ page, newCustomer }) => {
    await newCustomer({ firstName: "Amy" });
    await page.goto("/dashboard");
    await expect(welcomeLine(page)).toHaveText("Welcome, Amy");

    await page.getByRole("button", { name: "Logout" }).click();
    await expectToast(page, "Logged out");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "DRONE INTELLIGENCE" })).toBeVisible();
    expect((await page.request.get("/api/user")).status(), "the server session has ended").toBe(401);

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(loginForm(page)).toBeVisible();
    await expect(welcomeLine(page)).toHaveCount(0);
  });
});
