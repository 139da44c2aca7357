import { expect, test } from "./fixtures";

/** Every route of docs/product.md §2. */
const KNOWN_ROUTES = [
  "/",
  "/solar-inspections",
  "/agricultural-services",
  "/photography-filming",
  "/drone-height-comparison",
  "/admin",
  "/admin-dashboard",
  "/login",
  "/dashboard",
  "/request-quote",
  "/checkout",
  "/reset-password",
];

test("an unknown page answers 404 and shows the not-found screen", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?", { exact: true })).toBeVisible();
  // The header and the contact section stay, so the visitor can go on.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("a deeper unknown path answers 404 too", async ({ page }) => {
  const response = await page.goto("/solar-inspections/no-such-page/again");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
});

test("the not-found screen appears when the router meets an unknown path in the app", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "DRONE INTELLIGENCE" })).toBeVisible();
  await page.evaluate(() => {
    history.pushState(null, "", "/missing-inside-the-app");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
});

test("every known route answers 200 with the page", async ({ request }) => {
  for (const route of KNOWN_ROUTES) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    expect(response.headers()["content-type"], route).toContain("text/html");
  }
});
