// Everyday use: the way from GET QUOTE through an account to the quote form, the header's
// account menu and where login lands, the mobile menu's ways to close, and a dead reset link refused
// as its page opens (docs/product.md §2 header, /login, /reset-password).
import type { Page } from "@playwright/test";
import { ADMIN, expect, logInWithForm, newAccount, registerCustomer, test, uniqueId } from "./fixtures";
import { mailText, waitForMail } from "./mailbox";

const accountButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Account:/ });
const footerNav = (page: Page) => page.getByRole("navigation", { name: "Footer" });

/** Every request the page makes to GET /api/user from now on. */
function userRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/user") seen.push(page.url());
  });
  return seen;
}

test("a visitor's login page asks nobody who is signed in: no GET /api/user, so no 401 in the console", async ({ page }) => {
  const asked = userRequests(page);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/login");
  await expect(page.getByRole("form", { name: "Login" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});

test.describe("GET QUOTE for a new visitor", () => {
  test("login says why an account helps, opens on REGISTER, and registering leads back to the quote form", async ({ page, baseURL }) => {
    const account = newAccount({ firstName: "Bessie" });
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "GET QUOTE", exact: true }).click();

    await expect(page).toHaveURL(`${baseURL}/login?next=%2Frequest-quote`);
    await expect(page.getByRole("heading", { level: 1, name: "Request a Quote" })).toBeVisible();
    await expect(page.getByText(/follow the job from quote to flight to delivery/)).toBeVisible();
    await expect(page.getByText(/get the deliverables/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Send us an inquiry instead" })).toHaveAttribute("href", "/#contact");
    await expect(page.getByRole("tab", { name: "REGISTER" })).toHaveAttribute("aria-selected", "true");

    const register = page.getByRole("form", { name: "Register", exact: true });
    await register.getByLabel("Username").fill(account.username);
    await register.getByLabel("Email").fill(account.email);
    await register.getByLabel("Password").fill(account.password);
    await register.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(`${baseURL}/request-quote`);
    await expect(page.getByRole("heading", { level: 1, name: "Request a Custom Quote" })).toBeVisible();
    await expect(accountButton(page)).toBeVisible();

    const quote = page.getByRole("form", { name: "Custom quote request" });
    await quote.getByLabel("Service type").selectOption("solar");
    await quote.getByLabel("Project description").fill(`Rooftop array, 40 panels, ref ${uniqueId()}`);
    await quote.getByRole("button", { name: "Submit Request" }).click();
    await expect(page).toHaveURL(`${baseURL}/dashboard?tab=quotes`);
    await expect(page.getByRole("tab", { name: "My Quotes" })).toHaveAttribute("aria-selected", "true");
  });

  test("the no-account way leads to the inquiry form of the contact section", async ({ page, baseURL }) => {
    await page.goto("/request-quote");
    await page.getByRole("link", { name: "Send us an inquiry instead" }).click();
    await expect(page).toHaveURL(`${baseURL}/#contact`);
    await expect(page.locator("#contact").getByRole("button", { name: "Send Message" })).toBeInViewport();
  });
});

test.describe("signed in, the header says so", () => {
  test("an admin's login lands on the back office, and the account menu offers Back office", async ({ page, baseURL }) => {
    await page.goto("/login");
    await logInWithForm(page, ADMIN);

    await expect(page).toHaveURL(`${baseURL}/admin-dashboard`);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

    // On a public page too, the header knows who is signed in.
    await page.goto("/solar-inspections");
    await accountButton(page).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Back office" })).toHaveAttribute("href", "/admin-dashboard");
    await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard", exact: true })).toHaveCount(0);
  });

  test("a customer's menu, by keyboard: Dashboard, closing on Escape and outside, and Log out", async ({ page, baseURL, newCustomer }) => {
    await newCustomer({ firstName: "Harriet" });
    await page.goto("/");
    const button = accountButton(page);
    await expect(button).toHaveAccessibleName("Account: Harriet");
    await expect(footerNav(page).getByRole("link", { name: "Customer login" })).toHaveCount(0);

    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const dashboard = page.getByRole("banner").getByRole("link", { name: "Dashboard", exact: true });
    await expect(dashboard).toHaveAttribute("href", "/dashboard");
    await page.keyboard.press("Tab");
    await expect(dashboard).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
    await expect(dashboard).toHaveCount(0);

    await button.click();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(button).toHaveAttribute("aria-expanded", "false");

    await button.click();
    await dashboard.click();
    await expect(page).toHaveURL(`${baseURL}/dashboard?tab=subscriptions`);
    await expect(page.getByText("Welcome, Harriet")).toBeVisible();

    await button.click();
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(button).toHaveCount(0);
    await expect(footerNav(page).getByRole("link", { name: "Customer login" })).toBeVisible();

    // Signed out, a public page asks nobody who is signed in.
    const asked = userRequests(page);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "DRONE INTELLIGENCE" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);
  });
});

test.describe("the mobile menu at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("closes on Escape (focus back on the toggle), on a tap outside and on scroll", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "DRONE INTELLIGENCE" })).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    const open = () => page.getByRole("button", { name: "Open menu" }).click();

    await open();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    await open();
    await expect(menu).toBeVisible();
    await page.getByText("Precision Aerial Solutions", { exact: true }).first().tap();
    await expect(menu).toBeHidden();

    await open();
    await expect(menu).toBeVisible();
    await page.evaluate(() => window.scrollBy(0, 300));
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("reset links", () => {
  test("a used link is refused as the page opens, with the way to ask for a new one", async ({ page, request, baseURL }) => {
    const account = await registerCustomer(request);
    expect((await request.post("/api/forgot-password", { data: { email: account.email } })).status()).toBe(200);
    const mail = await waitForMail(account.email, "/reset-password?token=");
    const link = /\bhttps?:\/\/\S+\/reset-password\?token=\S+/.exec(mailText(mail))?.[0] ?? "";
    const token = new URL(link).searchParams.get("token");
    expect((await request.post("/api/reset-password", { data: { token, newPassword: `used-${account.password}` } })).status()).toBe(200);

    await page.goto(`/reset-password?token=${token}`);
    await expect(page.getByRole("heading", { level: 1, name: "Invalid Reset Link" })).toBeVisible();
    await expect(page.getByText("Invalid reset link. Please request a new password reset.")).toBeVisible();
    await expect(page.getByLabel("New Password")).toHaveCount(0);

    await page.getByRole("link", { name: "Request a New Link" }).click();
    await expect(page).toHaveURL(`${baseURL}/login?forgot`);
    const forgot = page.getByRole("form", { name: "Forgot password", exact: true });
    await expect(forgot.getByLabel("Email")).toBeFocused();
  });

  test("a live link opens on the form, and checking it uses nothing", async ({ page, request }) => {
    const account = await registerCustomer(request);
    await request.post("/api/forgot-password", { data: { email: account.email } });
    const mail = await waitForMail(account.email, "/reset-password?token=");
    const token = new URL(/\bhttps?:\/\/\S+\/reset-password\?token=\S+/.exec(mailText(mail))?.[0] ?? "").searchParams.get("token");

    await page.goto(`/reset-password?token=${token}`);
    await expect(page.getByLabel("New Password")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("New Password")).toBeVisible();
  });
});
