// Every screen of the app, as the sweeps over all of them (e2e/phone-width.spec.ts, e2e/a11y.spec.ts)
// open it: as whom, at which address, with data in it, and how to tell it has rendered. The list is
// keyed by the routes of common/routes.ts, so a new route fails to compile here until it is added.
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import type { Job } from "@common/contract/jobs";
import type { AppRoute } from "@common/routes";
import { DEFAULT_SERVICE_PAGES } from "@common/site-page-defaults";
import sharp from "sharp";
import { type Account, expect, registerCustomer, requestQuoteViaApi, signInAsAdmin, uniqueId, waitForContactForm } from "./fixtures";

type Role = "visitor" | "customer" | "admin";

/**
 * What the run's data gives the screens: a customer with long names and a long e-mail address, a
 * delivered job (a report and a photo in it, with long titles), another job with an estimate, and a
 * third invoiced and paid in part, twice, so the Payments tabs list several rows.
 */
export interface ScreenData {
  customer: Account;
  customerId: number;
  jobId: number;
  estimateId: number;
  /** The cookies of each role's session (none for a visitor). */
  cookies: Record<Role, Awaited<ReturnType<APIRequestContext["storageState"]>>["cookies"]>;
}

export interface Screen {
  /** How the test names it: the path, plus the tab or state. */
  name: string;
  as: Role;
  path: (data: ScreenData) => string;
  /** Resolves once the screen shows what makes it this screen (and, for a state, after bringing it about). */
  ready: (page: Page) => Promise<void>;
  /** Set up before the page opens (an answer the screen's state needs). */
  before?: (page: Page) => Promise<void>;
}

/** The customer's names, long as some are: the admin's customer page is headed with them. */
const CUSTOMER_FIRST_NAME = "Bessie-Alexandrina";
const CUSTOMER_LAST_NAME = "Coleman-Featherstonehaugh";

const heading = (name: string | RegExp) => (page: Page) => expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

/** A tab's accessible name: its label, then any count it shows. */
const tabName = (label: string) => new RegExp(`^${label}\\b`);

/** Opens a tab: by its tab, or on a phone by the back office's compact menu of sections, which stands in for its tabs there. */
function chooseTab(list: string, label: string) {
  return async (page: Page) => {
    const menu = page.getByRole("combobox", { name: "Section" });
    if (await menu.isVisible()) {
      await menu.selectOption({ label });
    } else {
      const tab = page.getByRole("tablist", { name: list }).getByRole("tab", { name: tabName(label) });
      await tab.click();
      await expect(tab).toHaveAttribute("aria-selected", "true");
    }
    await expect(page.getByRole("tabpanel", { name: tabName(label) })).toBeVisible();
  };
}

/** The tabbed screens and every tab of each (a test checks the screens show exactly these). */
export const TAB_LISTS = [
  {
    path: "/dashboard",
    as: "customer",
    heading: "Customer Dashboard",
    list: "Dashboard sections",
    tabs: ["Subscriptions", "Jobs", "Reports", "Media", "My Quotes", "Payments"],
  },
  {
    path: "/admin-dashboard",
    as: "admin",
    heading: "Admin Dashboard",
    list: "Admin sections",
    tabs: [
      "Home",
      "Jobs",
      "Calendar",
      "Quotes",
      "Processed",
      "Messages",
      "Upload",
      "Reports",
      "User Media",
      "Media",
      "Gallery",
      "Manage",
      "Site",
      "Pages",
      "Customers",
      "Payments",
      "Price list",
      "Fleet & compliance",
      "Settings",
      "Outbox",
    ],
  },
] as const satisfies readonly { path: AppRoute; as: Role; heading: string; list: string; tabs: readonly string[] }[];

function tabbed(path: (typeof TAB_LISTS)[number]["path"]): Screen[] {
  const { as, heading: title, list, tabs } = TAB_LISTS.find((candidate) => candidate.path === path)!;
  return tabs.map((label) => ({
    name: `${path} (${label} tab)`,
    as,
    path: () => path,
    ready: async (page) => {
      await heading(title)(page);
      await chooseTab(list, label)(page);
    },
  }));
}

const visitor = (path: AppRoute | "/no-such-page", title: string | RegExp): Screen => ({ name: path, as: "visitor", path: () => path, ready: heading(title) });

/** Every route of common/routes.ts, each with the screens it shows; the not-found page besides. */
const SCREENS_BY_ROUTE: Record<AppRoute | "not found", Screen[]> = {
  "/": [visitor("/", "DRONE INTELLIGENCE")],
  "/solar-inspections": [visitor("/solar-inspections", "Thermal & Visual Analysis")],
  "/agricultural-services": [visitor("/agricultural-services", "Precision Agriculture")],
  "/photography-filming": [visitor("/photography-filming", "Professional Media Production")],
  "/drone-height-comparison": [visitor("/drone-height-comparison", "Drone Height Comparison")],
  "/gallery": [
    {
      ...visitor("/gallery", "Gallery"),
      ready: async (page) => {
        await heading("Gallery")(page);
        await expect(page.getByRole("region", { name: "Gallery items" }).getByRole("listitem").first()).toBeVisible();
      },
    },
  ],
  "/login": [
    { ...visitor("/login", "Customer Login"), name: "/login (LOGIN tab)" },
    {
      ...visitor("/login", "Customer Login"),
      name: "/login (LOGIN tab, Forgot Password?)",
      ready: async (page) => {
        await heading("Customer Login")(page);
        await page.getByRole("button", { name: "Forgot Password?" }).click();
        await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();
      },
    },
    {
      ...visitor("/login", "Customer Login"),
      name: "/login (REGISTER tab)",
      ready: async (page) => {
        await heading("Customer Login")(page);
        await chooseTab("Login or register", "REGISTER")(page);
      },
    },
  ],
  "/reset-password": [
    { ...visitor("/reset-password", "Invalid Reset Link"), name: "/reset-password (no token)" },
    { name: "/reset-password?token= (a dead link)", as: "visitor", path: () => "/reset-password?token=used-or-unknown", ready: heading("Invalid Reset Link") },
    // A live link's form: the page's own check of the token is answered as valid, since only a mail holds a real one.
    {
      name: "/reset-password?token=",
      as: "visitor",
      path: () => "/reset-password?token=live-link",
      before: async (page) => void (await page.route("**/api/reset-password/check", (route) => route.fulfill({ json: { valid: true } }))),
      ready: heading("Reset Password"),
    },
  ],
  "/invitation": [
    { ...visitor("/invitation", "Invalid Invitation Link"), name: "/invitation (no token)" },
    { name: "/invitation?token= (a dead link)", as: "visitor", path: () => "/invitation?token=used-or-unknown", ready: heading("Invalid Invitation Link") },
    // A live link's form: the page's own check is answered as a pending invitation, since only a mail holds a real one.
    {
      name: "/invitation?token=",
      as: "visitor",
      path: () => "/invitation?token=live-link",
      before: async (page) =>
        void (await page.route("**/api/invitations/check", (route) =>
          route.fulfill({ json: { status: "pending", email: "new.pilot@example.com", role: "pilot", firstName: "", lastName: "", username: "" } }),
        )),
      ready: heading("Accept Invitation"),
    },
  ],
  "/account": [{ name: "/account", as: "customer", path: () => "/account", ready: heading("My Profile") }],
  "/dashboard": tabbed("/dashboard"),
  "/dashboard/jobs/:id": [
    { name: "/dashboard/jobs/:id", as: "customer", path: (data) => `/dashboard/jobs/${data.jobId}`, ready: heading("Solar Inspections") },
  ],
  "/dashboard/estimates/:id": [
    { name: "/dashboard/estimates/:id", as: "customer", path: (data) => `/dashboard/estimates/${data.estimateId}`, ready: heading(/^Estimate #/) },
  ],
  "/request-quote": [{ name: "/request-quote", as: "customer", path: () => "/request-quote", ready: heading("Request a Custom Quote") }],
  "/checkout": [{ name: "/checkout", as: "customer", path: () => "/checkout", ready: async (page) => expect(page.getByLabel("Card number")).toBeVisible() }],
  "/payment-success": [{ name: "/payment-success", as: "customer", path: () => "/payment-success", ready: heading("No payment to show") }],
  // The recipient's page of a share link: a token nobody was given (the server's real 404), and, answered as the
  // server would for a real link (only the owner's dialog shows a token), its PIN screen and what it shares.
  "/preview/:token": [
    { name: "/preview/:token (unknown link)", as: "visitor", path: () => "/preview/no-such-link", ready: heading("Preview not found") },
    {
      name: "/preview/:token (a service page's draft)",
      as: "visitor",
      path: () => "/preview/draft-link",
      before: async (page) =>
        void (await page.route("**/api/pages/preview/draft-link", (route) =>
          route.fulfill({
            json: {
              key: "solar-inspections",
              route: "/solar-inspections",
              document: DEFAULT_SERVICE_PAGES["solar-inspections"],
              expiresAt: "2030-01-31T23:59:00.000Z",
            },
          }),
        )),
      ready: async (page) => {
        await heading("Thermal & Visual Analysis")(page);
        await expect(page.getByText("Preview — not published")).toBeVisible();
      },
    },
  ],
  "/share/:token": [
    { name: "/share/:token (unknown link)", as: "visitor", path: () => "/share/no-such-link", ready: heading("Link not found") },
    {
      name: "/share/:token (PIN screen)",
      as: "visitor",
      path: () => "/share/pin-link",
      before: async (page) =>
        void (await page.route("**/api/share/pin-link", (route) => route.fulfill({ json: { locked: true, expiresAt: "2030-01-31T23:59:00.000Z" } }))),
      ready: async (page) => {
        await heading("Shared files")(page);
        await expect(page.getByRole("textbox", { name: "PIN" })).toBeVisible();
      },
    },
    {
      name: "/share/:token (shared files, view only)",
      as: "visitor",
      path: () => "/share/open-link",
      before: async (page) =>
        void (await page.route("**/api/share/open-link", (route) =>
          route.fulfill({
            json: {
              locked: false,
              expiresAt: "2030-01-31T23:59:00.000Z",
              allowDownload: false,
              title: "Roof survey",
              siteName: "North barn",
              siteBoundary: null,
              showMap: false,
              reports: [],
              media: [],
              layers: [],
              zipUrl: null,
            },
          }),
        )),
      ready: heading("Roof survey"),
    },
  ],
  "/admin": [
    {
      name: "/admin",
      as: "admin",
      path: () => "/admin",
      ready: async (page) => {
        await heading("Contact Submissions")(page);
        await expect(page.getByRole("table")).toBeVisible();
      },
    },
  ],
  "/admin-dashboard": [
    ...tabbed("/admin-dashboard"),
    // The Pages tab's editor, a screen of its own inside the tab: a service page's hero, packages and FAQ.
    {
      name: "/admin-dashboard (Pages tab, editing a service page)",
      as: "admin",
      path: () => "/admin-dashboard",
      ready: async (page) => {
        await heading("Admin Dashboard")(page);
        await chooseTab("Admin sections", "Pages")(page);
        await page.getByRole("button", { name: "Edit SOLAR" }).click();
        await expect(page.getByRole("form", { name: "SOLAR draft" })).toBeVisible();
      },
    },
    // The run's administrator has finished the first-run setup (e2e/global-setup.ts): the settings are
    // answered as they are but for that, so the back office shows the setup first, as on a new install.
    {
      name: "/admin-dashboard (first-run setup)",
      as: "admin",
      path: () => "/admin-dashboard",
      before: async (page) =>
        void (await page.route("**/api/admin/settings", async (route) => {
          if (route.request().method() !== "GET") return route.fallback();
          const response = await route.fetch();
          const answer = (await response.json()) as { data: object };
          return route.fulfill({ response, json: { ...answer, data: { ...answer.data, setupDone: false } } });
        })),
      ready: heading("Set up your business"),
    },
  ],
  "/admin-dashboard/jobs/:id": [
    { name: "/admin-dashboard/jobs/:id", as: "admin", path: (data) => `/admin-dashboard/jobs/${data.jobId}`, ready: heading("Solar Inspections") },
  ],
  "/admin-dashboard/jobs/:id/findings/import": [
    {
      name: "/admin-dashboard/jobs/:id/findings/import",
      as: "admin",
      path: (data) => `/admin-dashboard/jobs/${data.jobId}/findings/import`,
      ready: heading(/^Import findings into job #\d+$/),
    },
  ],
  "/admin-dashboard/customers/:id": [
    {
      name: "/admin-dashboard/customers/:id",
      as: "admin",
      path: (data) => `/admin-dashboard/customers/${data.customerId}`,
      ready: heading(`${CUSTOMER_FIRST_NAME} ${CUSTOMER_LAST_NAME}`),
    },
  ],
  "not found": [visitor("/no-such-page", "404 Page Not Found")],
};

export const SCREENS: readonly Screen[] = Object.values(SCREENS_BY_ROUTE).flat();

async function json<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<T> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

function photo(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#22d3ee" } })
    .png()
    .toBuffer();
}

/**
 * The data of the sweeps, made once per worker through the API as the business would: a customer's
 * quote request becomes a job that is accepted, flown and delivered with a report and a photo; a
 * second request gets an estimate; a visitor writes a long message; the gallery holds a photo.
 */
async function makeScreenData(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string): Promise<ScreenData> {
  const admin = await playwright.request.newContext({ baseURL });
  const customerApi = await playwright.request.newContext({ baseURL });
  const visitorApi = await playwright.request.newContext({ baseURL });
  try {
    await signInAsAdmin(admin);
    // As long as people's names and addresses get: what a phone must wrap rather than scroll.
    const long = uniqueId();
    const customer = await registerCustomer(customerApi, {
      firstName: CUSTOMER_FIRST_NAME,
      lastName: CUSTOMER_LAST_NAME,
      email: `bessie.alexandrina.coleman-featherstonehaugh.${long}@thermography-solutions.example.com`,
    });
    const customerId = (await json<{ id: number }>(await customerApi.get("/api/user"))).id;
    const adminId = (await json<{ id: number }>(await admin.get("/api/user"))).id;

    const ref = uniqueId();
    const quoteId = await requestQuoteViaApi(customerApi, customer, {
      serviceType: "solar",
      description: `Thermal survey of the north roof and the carport array, ref ${ref}`,
      budget: "$2,000 - $5,000",
      timeline: "Within 2 weeks",
    });
    const estimateQuoteId = await requestQuoteViaApi(customerApi, customer, {
      serviceType: "agriculture",
      description: `Orthomosaic of the east field, ref ${ref}`,
      budget: "",
      timeline: "",
    });
    const jobs = (await json<{ data: Job[] }>(await customerApi.get("/api/jobs"))).data;
    const jobId = jobs.find((job) => job.quoteId === quoteId)!.id;
    const estimateJobId = jobs.find((job) => job.quoteId === estimateQuoteId)!.id;

    await json(await admin.patch(`/api/admin/quotes/${quoteId}`, { data: { status: "accepted", price: 150_000 } }));
    const move = (data: object) => admin.patch(`/api/admin/jobs/${jobId}`, { data });
    await json(
      await move({
        status: "scheduled",
        scheduledStart: "2026-12-01T08:30:00.000Z",
        scheduledEnd: "2026-12-01T10:00:00.000Z",
        timeZone: "Europe/Paris",
        pilotId: adminId,
      }),
    );
    await json(await move({ status: "flown", flight: { flownOn: "2026-11-02", durationMinutes: 45, aircraft: "M30T" } }));
    const [service] = (await json<{ data: { id: number }[] }>(await admin.get("/api/services"))).data;
    const owner = { userId: String(customerId), serviceId: String(service!.id), jobId: String(jobId) };
    const report = { name: "thermal-report.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n") };
    await json(
      await admin.post("/api/admin/reports", {
        multipart: { ...owner, title: `Thermal report ${ref}`, description: "Hotspots ranked by severity", file: report },
      }),
      201,
    );
    await json(
      await admin.post("/api/admin/reports", {
        multipart: {
          ...owner,
          title: `Comprehensive photovoltaic thermography inspection report of the north roof and the carport arrays ${ref}`,
          description: "Every string measured",
          file: report,
        },
      }),
      201,
    );
    const image = { name: "roof-overview.png", mimeType: "image/png", buffer: await photo() };
    await json(
      await admin.post("/api/admin/media", { multipart: { ...owner, title: `Roof overview ${ref}`, description: "North elevation", file: image } }),
      201,
    );
    await json(await move({ status: "delivered" }));

    const galleryOwner = { userId: "admin", serviceId: String(service!.id), isGalleryItem: "true" };
    await json(
      await admin.post("/api/admin/media", {
        multipart: { ...galleryOwner, title: `Solar farm at dawn ${ref}`, description: "Rows of panels from 300 ft", file: image },
      }),
      201,
    );

    const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await invoicedAndPaidInPart(admin, customerApi, customer, adminId, ref, validUntil);
    const estimate = await json<{ data: { id: number } }>(
      await admin.post("/api/admin/estimates", {
        data: {
          jobId: estimateJobId,
          lines: [
            { description: "Orthomosaic map of the whole east field", quantity: 40, unit: "acre", unitPrice: 4_500 },
            { description: "Ground control points", quantity: 1, unit: "", unitPrice: 35_000, optional: true },
          ],
          deposit: { percent: 30 },
          validUntil,
          note: "Flights are planned for dry mornings.",
        },
      }),
      201,
    );

    await json(
      await visitorApi.post("/api/contact", {
        data: {
          name: "Jacqueline Cochran",
          email: `jacqueline.cochran.${ref}@example.com`,
          service: "photography",
          message: `Could you film our vineyard at harvest? Our brochure: https://example.com/brochures/vineyard-harvest-${ref}-aerial-photography-and-filming.pdf`,
        },
      }),
      201,
    );

    return {
      customer,
      customerId,
      jobId,
      estimateId: estimate.data.id,
      cookies: { visitor: [], customer: (await customerApi.storageState()).cookies, admin: (await admin.storageState()).cookies },
    };
  } finally {
    await Promise.all([admin.dispose(), customerApi.dispose(), visitorApi.dispose()]);
  }
}

/**
 * A third quote request of the customer's, estimated, signed, flown, delivered and invoiced, with
 * two payments received by bank transfer: the Payments tabs then list an invoice and several payments.
 */
async function invoicedAndPaidInPart(
  admin: APIRequestContext,
  customerApi: APIRequestContext,
  customer: Account,
  adminId: number,
  ref: string,
  validUntil: string,
): Promise<void> {
  const quoteId = await requestQuoteViaApi(customerApi, customer, {
    serviceType: "photography",
    description: `Aerial photographs of the winery, ref ${ref}`,
    budget: "",
    timeline: "",
  });
  const jobs = (await json<{ data: Job[] }>(await customerApi.get("/api/jobs"))).data;
  const jobId = jobs.find((job) => job.quoteId === quoteId)!.id;
  const estimate = await json<{ data: { id: number } }>(
    await admin.post("/api/admin/estimates", {
      data: {
        jobId,
        lines: [{ description: "Aerial photography of the winery and its vineyards, edited", quantity: 1, unit: "", unitPrice: 240_000 }],
        deposit: { percent: 0 },
        validUntil,
        note: "",
      },
    }),
    201,
  );
  await json(
    await customerApi.post(`/api/estimates/${estimate.data.id}/accept`, {
      data: { signatureName: `${CUSTOMER_FIRST_NAME} ${CUSTOMER_LAST_NAME}`, optionalLineIds: [] },
    }),
  );
  const move = (data: object) => admin.patch(`/api/admin/jobs/${jobId}`, { data });
  await json(
    await move({
      status: "scheduled",
      scheduledStart: "2026-12-03T08:30:00.000Z",
      scheduledEnd: "2026-12-03T10:00:00.000Z",
      timeZone: "Europe/Paris",
      pilotId: adminId,
    }),
  );
  await json(await move({ status: "flown", flight: { flownOn: "2026-11-03", durationMinutes: 30, aircraft: "M3E" } }));
  await json(await move({ status: "delivered" }));
  const invoice = await json<{ data: { id: number } }>(await admin.post("/api/admin/invoices", { data: { jobId } }), 201);
  for (const amount of [60_000, 90_000]) {
    await json(
      await admin.post(`/api/admin/invoices/${invoice.data.id}/payments`, {
        data: { amount, method: "bank_transfer", reference: `TRANSFER-${ref}-WINERY-${amount}` },
      }),
      201,
    );
  }
}

let made: Promise<ScreenData> | undefined;

/** The sweeps' data: made by the worker's first test that asks, then shared by its others. */
export function screenData(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string | undefined): Promise<ScreenData> {
  made ??= makeScreenData(playwright, baseURL ?? "");
  return made;
}

/**
 * Opens the screen as its role with its data, waits until it has rendered, loaded its lists and the
 * contact section's form (which loads as the reader nears it), and returns to the top.
 */
export async function openScreen(page: Page, screen: Screen, data: ScreenData): Promise<void> {
  await page.context().addCookies(data.cookies[screen.as]);
  await screen.before?.(page);
  await page.goto(screen.path(data));
  await screen.ready(page);
  await page.locator("#contact").scrollIntoViewIfNeeded();
  await waitForContactForm(page);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await settled(page);
}

/** Resolves once no list on the page says it is loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
}
