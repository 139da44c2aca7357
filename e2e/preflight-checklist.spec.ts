// The pre-flight checklist (docs/decisions/0074-preflight-checklist.md): on a new install's seeded
// checklist, the job's pilot ticks the items on a phone, enters the irradiance once (the inspection
// conditions then hold it), and Mark flown is refused while a blocker is unticked, then accepted.
// On a server of its own: the run's shared server keeps no checklist (e2e/global-setup.ts).
import type { APIRequestContext } from "@playwright/test";
import type { PublicUser } from "@common/contract/users";
import { expect, registerCustomer, severeViolations, test } from "./fixtures";
import { expectJobState, expectNoHorizontalOverflow, jobSection, scheduleViaApi } from "./admin-jobs";
import { type OwnServer, startNewInstall } from "./own-server";

const OWNER = { username: "preflight-owner", password: "preflight-owner-password", email: "owner@preflight.example" };
const TITLE = "Array 4 thermal survey";

let install: OwnServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  install = await startNewInstall(OWNER);
});
test.afterAll(async () => {
  await install?.stop();
});

async function me(request: APIRequestContext): Promise<PublicUser> {
  const response = await request.get("/api/user");
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as PublicUser;
}

test("the pilot ticks the seeded checklist on a phone, the irradiance lands in the inspection conditions, and Mark flown waits for every blocker", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await browser.newContext({ baseURL: install.baseURL });
  expect((await owner.request.post("/api/login", { data: { username: OWNER.username, password: OWNER.password } })).status()).toBe(200);
  expect((await owner.request.patch("/api/admin/settings", { data: { setupDone: true } })).status()).toBe(200);

  // A customer, and a pilot made from a registered account.
  const customer = await browser.newContext({ baseURL: install.baseURL });
  await registerCustomer(customer.request);
  const customerId = (await me(customer.request)).id;
  const pilot = await browser.newContext({ baseURL: install.baseURL, viewport: { width: 360, height: 800 } });
  await registerCustomer(pilot.request, { firstName: "Amelia", lastName: "Earhart" });
  const pilotId = (await me(pilot.request)).id;
  expect((await owner.request.patch(`/api/admin/users/${pilotId}`, { data: { role: "pilot" } })).status()).toBe(200);

  // A solar job (the irradiance item is for thermal work), scheduled with the pilot.
  const services = (await (await owner.request.get("/api/services?active=true")).json()) as { data: { id: number; category: string }[] };
  const solar = services.data.find((service) => service.category === "solar");
  const created = await owner.request.post("/api/admin/jobs", {
    data: { userId: customerId, serviceId: solar?.id, title: TITLE, site: { name: "Array 4", address: "", latitude: null, longitude: null } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const jobId = ((await created.json()) as { data: { id: number } }).data.id;
  await scheduleViaApi(owner.request, jobId, { start: "2028-07-04T09:00:00.000Z", end: "2028-07-04T11:00:00.000Z", pilotId });

  const page = await pilot.newPage();
  await page.goto(`/admin-dashboard/jobs/${jobId}`);
  const job = jobSection(page, TITLE);
  await expectJobState(job, "Scheduled");
  const checklist = job.getByRole("form", { name: "Pre-flight checklist" });
  await expect(checklist.getByRole("checkbox")).toHaveCount(5);
  await expect(checklist.getByText("Blocker", { exact: true })).toHaveCount(4);
  await expect(checklist.getByText("Warning", { exact: true })).toHaveCount(1);

  await test.step("the pilot ticks every item but the site briefing, with the authorisation number and an irradiance of 640", async () => {
    await checklist.getByRole("checkbox", { name: "Airspace checked; authorisation number" }).check();
    await checklist.getByLabel("Value for Airspace checked; authorisation number").fill("DAA-2026-118");
    await checklist.getByRole("checkbox", { name: "NOTAMs checked" }).check();
    await checklist.getByRole("checkbox", { name: "Weather within the aircraft's limits" }).check();
    await checklist.getByRole("checkbox", { name: "Irradiance at least 600 W/m² (IEC TS 62446-3)" }).check();
    await checklist.getByLabel("Irradiance (W/m²)").fill("640");
    await checklist.getByRole("button", { name: "Save checklist" }).click();
    await expect(checklist.getByText("At or above 600 W/m² (IEC TS 62446-3)")).toBeVisible();
    await expect(checklist.getByText("Blockers not ticked: Site briefing given")).toBeVisible();
    await expect(checklist.getByText(/^Ticked by Amelia Earhart/)).toHaveCount(4);
    await expectNoHorizontalOverflow(page, "the pre-flight checklist at 360 px");
    expect(await severeViolations(page), "serious or critical axe violations on the checklist").toBe("");
    await page.screenshot({ path: test.info().outputPath("preflight-checklist-360.png"), fullPage: true });
  });

  await test.step("the irradiance entered in the checklist is the inspection conditions' own", async () => {
    await job.getByRole("button", { name: "Inspection conditions" }).click();
    const dialog = page.getByRole("dialog", { name: "Inspection conditions" });
    await expect(dialog.getByLabel("Irradiance (W/m²)")).toHaveValue("640");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step("Mark flown names the unticked blocker and is refused", async () => {
    await job.getByRole("group", { name: "Job actions" }).getByRole("button", { name: "Mark flown", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Record the flight" });
    await expect(dialog.getByRole("status").filter({ hasText: "blockers not ticked" })).toContainText("Site briefing given");
    await dialog.getByRole("button", { name: "Mark flown", exact: true }).click();
    await expect(dialog.getByRole("alert").first()).toContainText("Pre-flight checklist not complete: Site briefing given not ticked");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expectJobState(job, "Scheduled");
  });

  await test.step("once the site briefing is ticked, Mark flown records the flight and the checklist is kept", async () => {
    await checklist.getByRole("checkbox", { name: "Site briefing given" }).check();
    await checklist.getByRole("button", { name: "Save checklist" }).click();
    await expect(checklist.getByText("Blockers not ticked")).toHaveCount(0);
    await job.getByRole("group", { name: "Job actions" }).getByRole("button", { name: "Mark flown", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Record the flight" });
    await dialog.getByRole("button", { name: "Mark flown", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expectJobState(job, "Flown");
    await expect(checklist.getByText(/^Kept with the flight record on/)).toBeVisible();
    await expect(checklist.getByRole("checkbox", { name: "Site briefing given" })).toBeDisabled();
  });

  await test.step("the owner rewords an item in Fleet & compliance; a blank label is refused on its field, and the kept checklist keeps its words", async () => {
    const admin = await owner.newPage();
    await admin.goto("/admin-dashboard?tab=fleet");
    const editor = admin.getByRole("form", { name: "Pre-flight checklist items" });
    await expect(editor.getByRole("textbox", { name: "Item 2", exact: true })).toHaveValue("NOTAMs checked");
    await editor.getByRole("textbox", { name: "Item 2", exact: true }).fill("NOTAMs and TFRs checked");
    await editor.getByRole("button", { name: "Add item" }).click();
    await editor.getByRole("button", { name: "Save checklist" }).click();
    await expect(editor.getByRole("textbox", { name: "Item 6", exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(editor.getByRole("textbox", { name: "Item 2", exact: true })).toHaveValue("NOTAMs and TFRs checked");
    await editor.getByRole("textbox", { name: "Item 6", exact: true }).fill("Spotter briefed");
    await editor.getByRole("button", { name: "Save checklist" }).click();
    await expect(admin.getByText("Checklist saved").first()).toBeVisible();
    await admin.reload();
    await expect(admin.getByRole("form", { name: "Pre-flight checklist items" }).getByRole("textbox", { name: "Item 6", exact: true })).toHaveValue(
      "Spotter briefed",
    );

    const kept = await owner.request.get(`/api/admin/jobs/${jobId}/preflight-checklist`);
    const data = ((await kept.json()) as { data: { unticked: string[]; items: { label: string; value: string }[] } }).data;
    expect(data.unticked).toEqual([]);
    expect(data.items.map((item) => item.label)).toEqual([
      "Airspace checked; authorisation number",
      "NOTAMs checked",
      "Site briefing given",
      "Weather within the aircraft's limits",
      "Irradiance at least 600 W/m² (IEC TS 62446-3)",
    ]);
    expect(data.items.map((item) => item.value)).toEqual(["DAA-2026-118", "", "", "", "640"]);
  });
  await Promise.all([owner.close(), customer.close(), pilot.close()]);
});
