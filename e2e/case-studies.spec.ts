// Case studies (docs/decisions/0066-case-study-consent.md): the owner drafts one from a delivered job on
// the Site tab and asks the customer; the customer sees exactly what would be published on the job's
// page and agrees; once the owner shows it, a visitor finds it on the home page, and when the customer
// withdraws it is gone, pictures and all. The job and the customer are this test's own: other specs
// share the server and the home page may show their proof too.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { scheduleViaApi } from "./admin-jobs";
import { expect, expectToast, openPage, test, uniqueId } from "./fixtures";

const picture = (background: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .png()
    .toBuffer();

/** A job of the customer's on the solar service, flown with two pictures uploaded, then delivered; resolves to its id. */
async function deliveredSolarJob(admin: APIRequestContext, customerId: number, title: string): Promise<number> {
  const { id: pilotId } = (await (await admin.get("/api/user")).json()) as { id: number };
  const services = ((await (await admin.get("/api/services")).json()) as { data: { id: number; category: string }[] }).data;
  const serviceId = services.find((service) => service.category === "solar")!.id;
  const opened = await admin.post("/api/admin/jobs", { data: { userId: customerId, serviceId, title, site: { name: "North array", address: "1 Sun Rd" } } });
  expect(opened.status(), await opened.text()).toBe(201);
  const jobId = ((await opened.json()) as { data: { id: number } }).data.id;
  // An L-shaped site of about 12 acres, so the card's outline has a shape to show.
  const ring = [
    [-97, 32],
    [-96.997, 32],
    [-96.997, 32.001],
    [-96.9985, 32.001],
    [-96.9985, 32.0025],
    [-97, 32.0025],
    [-97, 32],
  ];
  const boundary = await admin.put(`/api/jobs/${jobId}/site-boundary`, { data: { type: "Polygon", coordinates: [ring] } });
  expect(boundary.status(), await boundary.text()).toBe(200);
  await scheduleViaApi(admin, jobId, { start: "2026-11-02T08:00:00.000Z", end: "2026-11-02T10:00:00.000Z", pilotId });
  const flown = await admin.patch(`/api/admin/jobs/${jobId}`, {
    data: { status: "flown", flight: { flownOn: "2026-11-02", durationMinutes: 30, aircraft: "M30T" } },
  });
  expect(flown.status(), await flown.text()).toBe(200);
  for (const [side, colour] of [
    ["before", "#7c2d12"],
    ["after", "#15803d"],
  ] as const) {
    const uploaded = await admin.post("/api/admin/media", {
      multipart: {
        userId: String(customerId),
        serviceId: String(serviceId),
        jobId: String(jobId),
        title: `Array ${side}`,
        description: "Thermal overview",
        file: { name: `${side}.png`, mimeType: "image/png", buffer: await picture(colour) },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  const delivered = await admin.patch(`/api/admin/jobs/${jobId}`, { data: { status: "delivered" } });
  expect(delivered.status(), await delivered.text()).toBe(200);
  return jobId;
}

/** Comes within half a screen of the field proof, as a reader scrolling down does, and waits for the case studies to be read. */
async function approachFieldProof(page: Page): Promise<void> {
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/case-studies");
  await page.evaluate(() => {
    const marker = document.getElementById("field-proof")!;
    window.scrollTo({ top: marker.getBoundingClientRect().top + window.scrollY - window.innerHeight * 1.25, behavior: "instant" });
  });
  await answered;
}

async function openSiteTab(page: Page): Promise<Locator> {
  await page.goto("/admin-dashboard?tab=site");
  const panel = page.getByRole("tabpanel", { name: "Site" });
  await expect(panel).toBeVisible();
  return panel;
}

test("owner drafts a case study from a delivered job, the customer consents, a visitor sees it, the customer withdraws and it is gone", async ({
  page,
  newCustomer,
  adminPage,
  adminApi,
  browser,
}) => {
  // Three people and a whole job's life in one walk: longer than the fixtures' 90 s on a busy machine.
  test.setTimeout(180_000);
  await newCustomer({ firstName: "Dana", lastName: "Ruiz" });
  const { id: customerId } = (await (await page.request.get("/api/user")).json()) as { id: number };
  const jobTitle = `Solar farm survey ${uniqueId()}`;
  const jobId = await deliveredSolarJob(adminApi, customerId, jobTitle);
  const title = `Forty hotspots found in a morning at the north array (${jobTitle})`;

  // The owner drafts it from the job, gives it its words, and asks the customer.
  const panel = await openSiteTab(adminPage);
  await panel.getByRole("button", { name: "New case study" }).click();
  const create = adminPage.getByRole("dialog", { name: "New case study" });
  const job = create.getByLabel("Delivered job");
  await job.selectOption({ label: `${jobTitle} — Dana Ruiz` });
  await create.getByRole("button", { name: "Draft it" }).click();
  await expectToast(adminPage, "Case study drafted", jobTitle);
  const card = panel.getByRole("listitem").filter({ hasText: jobTitle });
  await expect(card.getByText("Photos delivered")).toBeVisible();
  await expect(card.getByText("Site area")).toBeVisible();
  await card.getByRole("button", { name: `Edit the case study ${jobTitle}` }).click();
  const edit = adminPage.getByRole("dialog", { name: "Edit the case study" });
  await edit.getByLabel("Title").fill(title);
  await edit.getByLabel(/^Summary/).fill("A thermal pass of the whole array before the summer peak.\n\nRepairs were planned the same week.");
  await edit.getByRole("button", { name: "Save case study" }).click();
  await expectToast(adminPage, "Case study saved", title);
  await card.getByRole("button", { name: `Ask the customer: ${title}` }).click();
  await expectToast(adminPage, "The customer has been asked", title);
  await expect(card.getByText("Waiting for the customer")).toBeVisible();
  await expect(card.getByRole("button", { name: `Show on the site: ${title}` })).toBeDisabled();

  // The customer sees exactly what would be published, and agrees to it anonymously.
  await page.goto(`/dashboard/jobs/${jobId}`);
  const consent = page.getByRole("region", { name: "Case study" });
  await expect(consent.getByRole("heading", { name: title })).toBeVisible();
  await expect(consent.getByRole("img", { name: "Before: Array before" })).toBeVisible();
  await consent.getByRole("radio", { name: /^Anonymous/ }).check();
  await expect(consent.getByText(/^For a solar site/)).toBeVisible();
  await consent.getByRole("button", { name: "I agree to publish it" }).click();
  await expectToast(page, "Thank you: it may be shown on the site");
  await expect(consent.getByRole("button", { name: "Withdraw my consent" })).toBeVisible();

  // The owner shows it.
  await adminPage.reload();
  const consented = (await openSiteTab(adminPage)).getByRole("listitem").filter({ hasText: jobTitle });
  await expect(consented.getByText("Consented", { exact: true })).toBeVisible();
  await consented.getByRole("button", { name: `Show on the site: ${title}` }).click();
  await expectToast(adminPage, "Shown on the site", title);
  await expect(consented.getByText("On the site", { exact: true })).toBeVisible();

  // A visitor finds it on the home page, its pictures served.
  const visitor = await browser.newContext();
  const home = await visitor.newPage();
  await openPage(home, "/", "DRONE INTELLIGENCE");
  await approachFieldProof(home);
  const section = home.getByRole("region", { name: "Jobs we have delivered" });
  const study = section.getByRole("listitem").filter({ has: home.getByRole("heading", { name: title }) });
  await expect(study).toBeVisible();
  await expect(study.getByText(/^For a solar site/)).toBeVisible();
  await expect(study.getByRole("img", { name: "Outline of the site" })).toBeVisible();
  await expect(study.getByText("Site area")).toBeVisible();
  const after = study.getByRole("img", { name: "After: Array after" });
  await after.scrollIntoViewIfNeeded();
  await expect.poll(() => after.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const pictureUrl = await after.getAttribute("src");
  expect((await home.request.get(pictureUrl!)).status()).toBe(200);

  // The customer withdraws: it leaves the site at once, and so do its pictures.
  await consent.getByRole("button", { name: "Withdraw my consent" }).click();
  await expectToast(page, "Withdrawn: it is off the site");
  await expect(consent.getByText(/You withdrew your consent/)).toBeVisible();
  expect((await home.request.get(pictureUrl!)).status()).toBe(404);
  await openPage(home, "/", "DRONE INTELLIGENCE");
  await approachFieldProof(home);
  await expect(home.getByRole("heading", { name: title })).toHaveCount(0);
  await visitor.close();
});
