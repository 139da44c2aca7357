// Site layouts and findings on share links (docs/decisions/0071-site-layouts.md): the admin imports
// a GeoJSON layout of a solar site's tables onto a delivered job from its page; a file that is no
// layout is refused with its reason; a finding placed inside a table takes its block / row / string;
// the customer shares the findings by a link whose recipient sees them (never a dismissed one), and
// the link's ZIP carries findings.csv.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { siteLayoutMessages } from "@common/site-layout";
import { expect, json, severeViolations, test, uniqueId } from "./fixtures";

test.setTimeout(120_000);

const SITE = { latitude: 31.98, longitude: -97.6 };
/** A table of about 40 m × 10 m whose south-west corner is `west`, `south`. */
const table = (west: number, south: number, properties: object) => ({
  type: "Feature",
  properties,
  geometry: {
    type: "Polygon",
    coordinates: [
      [
        [west, south],
        [west + 0.0004, south],
        [west + 0.0004, south + 0.0001],
        [west, south + 0.0001],
        [west, south],
      ],
    ],
  },
});
const LAYOUT = {
  type: "FeatureCollection",
  features: [
    table(SITE.longitude, SITE.latitude, { BLOCK: "B2", ROW: 14, STRING: "S3", kWp: 12.4 }),
    table(SITE.longitude, SITE.latitude + 0.0002, { BLOCK: "B2", ROW: 15, STRING: "S1", kWp: 12.4 }),
  ],
};

test("the admin imports a site layout, a finding inside a table takes its locator, and a share link shows the findings but never a dismissed one", async ({
  browser,
  page,
  newCustomer,
  adminContext: admin,
}) => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "layout-e2e-"));
  const recipient = await browser.newContext({ acceptDownloads: true });
  try {
    const title = `Solar farm ${uniqueId()}`;
    await newCustomer();
    const { id: userId } = await json<{ id: number }>(await page.request.get("/api/user"));
    const { id: adminId } = await json<{ id: number }>(await admin.request.get("/api/user"));
    const services = (await json<{ data: { id: number; category: string }[] }>(await admin.request.get("/api/services"))).data;
    const solar = services.find((service) => service.category === "solar") ?? services[0]!;
    const { data: job } = await json<{ data: { id: number } }>(
      await admin.request.post("/api/admin/jobs", { data: { userId, serviceId: solar.id, title, site: { name: "Array", address: "", ...SITE } } }),
      201,
    );
    for (const data of [
      { status: "scheduled", scheduledStart: "2026-12-02T15:00:00.000Z", scheduledEnd: "2026-12-02T16:00:00.000Z", timeZone: "UTC", pilotId: adminId },
      { status: "flown", flight: { flownOn: "2026-11-02", durationMinutes: 30, aircraft: "M30T" } },
      { status: "delivered" },
    ]) {
      await json(await admin.request.patch(`/api/admin/jobs/${job.id}`, { data }));
    }

    // The back office: a file that is no layout is refused with its reason, then the layout goes in.
    const adminPage = await admin.newPage();
    await adminPage.goto(`/admin-dashboard/jobs/${job.id}`);
    await adminPage.getByRole("button", { name: "Import site layout" }).click();
    const importDialog = adminPage.getByRole("dialog", { name: "Import site layout" });
    const fileInput = importDialog.getByLabel("Layout file (GeoJSON or KML)");
    const csv = path.join(scratch, "tables.csv");
    writeFileSync(csv, "block,row\nB2,14\n");
    await fileInput.setInputFiles(csv);
    await expect(importDialog.getByRole("alert").filter({ hasText: siteLayoutMessages.format })).toBeVisible();
    const far = path.join(scratch, "elsewhere.geojson");
    writeFileSync(far, JSON.stringify({ type: "FeatureCollection", features: [table(SITE.longitude, SITE.latitude + 0.2, { row: 1 })] }));
    await fileInput.setInputFiles(far);
    await expect(importDialog.getByRole("alert").filter({ hasText: "outside this job's site" })).toBeVisible();
    expect(await severeViolations(adminPage), "serious or critical axe violations in the import dialog").toBe("");
    expect((await json<{ data: { features: unknown[] } }>(await admin.request.get(`/api/jobs/${job.id}/site-layout`))).data.features).toHaveLength(0);
    const layout = path.join(scratch, "tables.geojson");
    writeFileSync(layout, JSON.stringify(LAYOUT));
    await fileInput.setInputFiles(layout);
    await expect(importDialog).toHaveCount(0);
    const toggle = adminPage.getByLabel(/Show the site layout \(2 polygons, from tables\.geojson\)/);
    await expect(toggle).toBeChecked();
    expect(await severeViolations(adminPage), "serious or critical axe violations with the layout imported").toBe("");

    // Findings placed inside the tables take their locators; a dismissed one is the business's own.
    const inTable = { lat: SITE.latitude + 0.00005, lon: SITE.longitude + 0.0002 };
    for (const data of [
      { class: "hot_spot", deltaT: 24, maxTemp: 71, refTemp: 47, ...inTable, note: `Cell hot spot ${title}` },
      { class: "soiling", severity: "minor", lat: inTable.lat + 0.0002, lon: inTable.lon, note: "Bird droppings" },
      { class: "shading", severity: "minor", status: "dismissed", dismissReason: "Cloud shadow", ...inTable, note: "Shadow, not a fault" },
    ]) {
      await json(await admin.request.post(`/api/admin/jobs/${job.id}/findings`, { data }), 201);
    }
    await adminPage.reload();
    const findingsSection = adminPage.getByRole("region", { name: "Findings", exact: true });
    await expect(findingsSection.getByText("Block B2 / Row 14 / String S3").first()).toBeVisible();
    await expect(findingsSection.getByText("Block B2 / Row 15 / String S1")).toBeVisible();

    // The customer's map shows the layout too, read only.
    await page.goto(`/dashboard/jobs/${job.id}`);
    await expect(page.getByLabel(/Show the site layout \(2 polygons/)).toBeChecked();
    await expect(page.getByText("Import site layout")).toHaveCount(0);

    // The customer shares the findings with the site map.
    await page.getByRole("region", { name: "Deliverables", exact: true }).getByRole("button", { name: "Share" }).click();
    const dialog = page.getByRole("dialog", { name: "Share this job" });
    await dialog.getByLabel("Share everything delivered, later deliveries too").uncheck();
    await expect(dialog.getByLabel(/^Findings/)).toBeChecked();
    await dialog.getByRole("button", { name: "Create link" }).click();
    const url = await dialog.getByLabel("New link: copy it now, it is shown only once").inputValue();
    expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);

    const visitor = await recipient.newPage();
    await visitor.goto(url);
    await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const shared = visitor.getByRole("region", { name: "Findings" });
    const rows = shared.getByRole("row");
    // The header and the two findings the customer sees; the dismissed one is not there.
    await expect(rows).toHaveCount(3);
    await expect(shared.getByRole("row", { name: /Hot spot/ })).toContainText("Block B2 / Row 14 / String S3");
    await expect(shared.getByRole("row", { name: /Hot spot/ })).toContainText(/critical/i);
    await expect(shared).not.toContainText("Shading");
    await expect(shared).not.toContainText("Shadow, not a fault");
    expect(await severeViolations(visitor), "serious or critical axe violations on the shared findings").toBe("");

    // The ZIP, read by unzip as the recipient would open it.
    const download = visitor.waitForEvent("download");
    await visitor.getByRole("link", { name: "Download all shared files as one ZIP" }).click();
    const zip = path.join(scratch, "shared.zip");
    await (await download).saveAs(zip);
    expect(execFileSync("unzip", ["-l", zip], { encoding: "utf8" })).toContain("findings.csv");
    const findingsCsv = execFileSync("unzip", ["-p", zip, "findings.csv"], { encoding: "utf8" });
    expect(findingsCsv).toContain("Block B2 / Row 14 / String S3");
    expect(findingsCsv).toContain("Bird droppings");
    expect(findingsCsv).not.toContain("Shadow, not a fault");
  } finally {
    await recipient.close();
    rmSync(scratch, { recursive: true, force: true });
  }
});
