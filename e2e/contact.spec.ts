import type { Page, Route } from "@playwright/test";
import pg from "pg";
import { expect, readE2EState, test, waitForContactForm } from "./fixtures";

const ERRORS = {
  Name: "Name must be at least 2 characters",
  Email: "Please enter a valid email address",
  Phone: "Please enter a valid phone number",
  Service: "Please select a service",
  Message: "Message must be at least 10 characters",
} as const;

type Field = keyof typeof ERRORS;
const FIELDS = Object.keys(ERRORS) as Field[];

const field = (page: Page, name: Field) => page.locator("#contact").getByLabel(name, { exact: true });
const submitButton = (page: Page) => page.locator("#contact").getByRole("button", { name: /Send Message|Sending\.\.\./ });
const notifications = (page: Page) => page.getByRole("region", { name: /^Notifications/ });
const toasts = (page: Page) => notifications(page).getByRole("listitem");

async function openContactForm(page: Page): Promise<void> {
  await page.goto("/#contact");
  await waitForContactForm(page);
  await expect(field(page, "Message")).toBeVisible();
}

interface Inquiry {
  Name: string;
  Email: string;
  Phone: string;
  Service: string;
  Message: string;
}

function inquiry(tag: string): Inquiry {
  const unique = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    Name: "Amelia Earhart",
    Email: "amelia@example.com",
    Phone: "+1 555 014 7720",
    Service: "solar",
    Message: `Please inspect our 2 MW array next month. Ref ${unique}`,
  };
}

async function fillForm(page: Page, values: Inquiry): Promise<void> {
  await field(page, "Name").fill(values.Name);
  await field(page, "Email").fill(values.Email);
  await field(page, "Phone").fill(values.Phone);
  await field(page, "Service").selectOption(values.Service);
  await field(page, "Message").fill(values.Message);
}

async function expectValues(page: Page, values: Inquiry): Promise<void> {
  for (const name of FIELDS) await expect(field(page, name), name).toHaveValue(values[name]);
}

/** Checks that each field shows exactly its message, tied to it and placed under it. */
async function expectFieldErrors(page: Page, names: readonly Field[]): Promise<void> {
  for (const name of FIELDS) {
    const control = field(page, name);
    const errorId = `${await control.getAttribute("id")}-error`;
    const error = page.locator(`[id="${errorId}"]`);
    if (!names.includes(name)) {
      await expect(error, `${name} has no error`).toHaveCount(0);
      await expect(control).not.toHaveAttribute("aria-invalid", "true");
      continue;
    }
    await expect(error, `${name} error`).toHaveText(ERRORS[name]);
    await expect(error).toBeVisible();
    await expect(control).toHaveAttribute("aria-invalid", "true");
    await expect(control).toHaveAttribute("aria-describedby", new RegExp(`(^|\\s)${errorId}($|\\s)`));
    await expect(control).toHaveAccessibleDescription(ERRORS[name]);
    const controlBox = await control.boundingBox();
    const errorBox = await error.boundingBox();
    expect(controlBox && errorBox && errorBox.y >= controlBox.y + controlBox.height - 1, `${name} error sits under its field`).toBe(true);
  }
}

test.describe("contact form validation", () => {
  test("the fields are labelled and the message box has 5 rows", async ({ page }) => {
    await openContactForm(page);
    for (const name of FIELDS) await expect(field(page, name), name).toBeVisible();
    await expect(field(page, "Message")).toHaveAttribute("rows", "5");
    await expect(field(page, "Service")).toHaveValue("");
    await expect(submitButton(page)).toHaveText("Send Message");
  });

  test("an empty form shows every rule's message under its field and sends nothing", async ({ page }) => {
    await openContactForm(page);
    let posted = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/contact")) posted += 1;
    });
    await submitButton(page).click();
    await expectFieldErrors(page, FIELDS);
    expect(posted).toBe(0);
  });

  test("invalid values show their messages, and fixing a field clears only its message", async ({ page }) => {
    await openContactForm(page);
    await field(page, "Name").fill("A");
    await field(page, "Email").fill("amelia@");
    await field(page, "Phone").fill("555 0147");
    await field(page, "Message").fill("Too short");
    await submitButton(page).click();
    await expectFieldErrors(page, FIELDS);

    // Spaces around a value do not count towards its length.
    await field(page, "Name").fill("  B  ");
    await field(page, "Email").fill("amelia@example.com");
    await field(page, "Service").selectOption("agriculture");
    await submitButton(page).click();
    await expectFieldErrors(page, ["Name", "Phone", "Message"]);
  });
});

test.describe("sending an inquiry", () => {
  test("shows Sending..., then Message Sent, resets the form and stores the message", async ({ page }) => {
    await openContactForm(page);
    const values = inquiry("success");
    await fillForm(page, values);

    // Hold the request until the sending state has been checked.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const requestHeld = new Promise<void>((resolve) => (held = resolve));
    await page.route("**/api/contact", async (route: Route) => {
      held();
      await released;
      await route.continue();
    });
    const responsePromise = page.waitForResponse((response) => response.url().endsWith("/api/contact") && response.request().method() === "POST");

    await submitButton(page).click();
    await requestHeld;
    await expect(submitButton(page)).toHaveText("Sending...");
    await expect(submitButton(page)).toBeDisabled();
    release();

    const response = await responsePromise;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      name: values.Name,
      email: values.Email,
      phone: values.Phone,
      service: values.Service,
      message: values.Message,
    });
    const body = (await response.json()) as { data?: { id?: unknown } };
    const id = body.data?.id;
    expect(typeof id === "number" || typeof id === "string", `data.id in ${JSON.stringify(body)}`).toBe(true);

    const toast = toasts(page);
    await expect(toast).toHaveCount(1);
    await expect(toast.getByText("Message Sent", { exact: true })).toBeVisible();
    await expect(toast.getByText("Thank you for contacting us. We'll get back to you soon!", { exact: true })).toBeVisible();
    await expectValues(page, { Name: "", Email: "", Phone: "", Service: "", Message: "" });
    await expect(submitButton(page)).toHaveText("Send Message");
    await expect(submitButton(page)).toBeEnabled();

    const { databaseUrl } = readE2EState() ?? {};
    test.info().annotations.push({ type: "database", description: databaseUrl ? "row checked in PostgreSQL" : "PGlite run: row not read" });
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query("select name, email, phone, service, message from contact_submissions where id = $1", [id]);
        expect(rows).toEqual([{ name: values.Name, email: values.Email, phone: values.Phone, service: values.Service, message: values.Message }]);
      } finally {
        await client.end();
      }
    }
  });
});

test.describe("when sending fails", () => {
  test("a server error shows its message in an Error toast and keeps the values", async ({ page }) => {
    await openContactForm(page);
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Mission control is offline" }) }),
    );
    const values = inquiry("server-error");
    await fillForm(page, values);
    await submitButton(page).click();

    const toast = toasts(page);
    await expect(toast.getByText("Error", { exact: true })).toBeVisible();
    await expect(toast.getByText("Mission control is offline", { exact: true })).toBeVisible();
    await expectValues(page, values);
    await expect(submitButton(page)).toBeEnabled();
  });

  test("a server error without a message shows the fallback text", async ({ page }) => {
    await openContactForm(page);
    await page.route("**/api/contact", (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "Internal" }) }));
    const values = inquiry("fallback");
    await fillForm(page, values);
    await submitButton(page).click();

    const toast = toasts(page);
    await expect(toast.getByText("Error", { exact: true })).toBeVisible();
    await expect(toast.getByText("There was a problem submitting your message. Please try again.", { exact: true })).toBeVisible();
    await expectValues(page, values);
  });

  test("a network failure shows the connection message and keeps the values", async ({ page }) => {
    await openContactForm(page);
    await page.route("**/api/contact", (route) => route.abort("connectionrefused"));
    const values = inquiry("network");
    await fillForm(page, values);
    await submitButton(page).click();

    const toast = toasts(page);
    await expect(toast.getByText("Error", { exact: true })).toBeVisible();
    await expect(toast.getByText("There was a problem connecting to the server. Please try again later.", { exact: true })).toBeVisible();
    await expectValues(page, values);
    await expect(submitButton(page)).toBeEnabled();
  });
});

test.describe("notifications", () => {
  test("the viewport is a region labelled Notifications that shows one toast at a time", async ({ page }) => {
    await openContactForm(page);
    let failures = 0;
    await page.route("**/api/contact", (route) => {
      failures += 1;
      return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: `Failure number ${failures}` }) });
    });
    await fillForm(page, inquiry("one-toast"));
    await submitButton(page).click();
    await expect(toasts(page).getByText("Failure number 1", { exact: true })).toBeVisible();
    await expect(notifications(page)).toHaveCount(1);
    await submitButton(page).click();
    await expect(toasts(page).getByText("Failure number 2", { exact: true })).toBeVisible();

    await expect(toasts(page)).toHaveCount(1);
    await expect(page.getByText("Failure number 1", { exact: true })).toHaveCount(0);
  });

  test("F8 moves focus to the notifications viewport", async ({ page }) => {
    await openContactForm(page);
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Mission control is offline" }) }),
    );
    await fillForm(page, inquiry("hotkey"));
    await submitButton(page).click();
    await expect(toasts(page).getByText("Mission control is offline", { exact: true })).toBeVisible();

    await field(page, "Name").focus();
    await page.keyboard.press("F8");
    await expect
      .poll(() =>
        page.evaluate(() => {
          const active = document.activeElement;
          return active?.closest("[role=region]")?.getAttribute("aria-label") ?? `focus on <${active?.tagName.toLowerCase()}>`;
        }),
      )
      .toMatch(/^Notifications/);
  });
});

test.describe("on a signed-in screen", () => {
  test("the contact section is one compact band whose inquiry form opens behind Send an inquiry", async ({ page, newCustomer }) => {
    await newCustomer();
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Customer Dashboard" })).toBeVisible();
    const contact = page.locator("#contact");
    await expect(contact.getByRole("heading", { level: 2, name: "Ready to Elevate Your Business?" })).toBeAttached();
    await waitForContactForm(page);
    await expect(field(page, "Message")).toHaveCount(0);
    // A band, not a screen: the section is at most a third of the 1366 × 900 screen.
    expect((await contact.boundingBox())!.height).toBeLessThan(300);
    await contact.getByText("Send an inquiry").click();
    await expect(field(page, "Message")).toBeVisible();
    await expect(submitButton(page)).toBeVisible();
  });
});
