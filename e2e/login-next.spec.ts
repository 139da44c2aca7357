// /login?next= with an odd value lands on a working page of this site after logging in, never another.
import type { Page } from "@playwright/test";
import { expect, logInWithForm, registerCustomer, test } from "./fixtures";

async function logInThrough(page: Page, next: string): Promise<void> {
  const account = await registerCustomer(page.request);
  // The registration logged the page's context in; a fresh one logs in through the form.
  await page.context().clearCookies();
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  // Sent by a quote request the page opens on REGISTER; this account exists already.
  await page.getByRole("tab", { name: "LOGIN" }).click();
  await logInWithForm(page, account);
}

for (const next of ["/\\evil.example", "//x", "javascript:alert(1)", "/%2F%2Fevil.example"]) {
  test(`logging in with next=${next} lands on the dashboard of this site`, async ({ page, baseURL }) => {
    await logInThrough(page, next);
    await expect(page).toHaveURL(`${baseURL}/dashboard?tab=subscriptions`);
    await expect(page.getByText(/^Welcome,/)).toBeVisible();
  });
}

test("logging in with next= a page of the app goes there", async ({ page, baseURL }) => {
  await logInThrough(page, "/request-quote");
  await expect(page).toHaveURL(`${baseURL}/request-quote`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
