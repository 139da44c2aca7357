// Inspection findings in a real browser (docs/decisions/0035-findings-in-the-browser.md): the admin
// places a hot spot by clicking the job's thermal map, whose pixels give its temperatures; its pin
// is on the map where it was placed (clicking there again opens it); the table filters by class.
// Once the job is delivered the customer marks it repaired with a comment, and the admin verifies
// it: its history keeps each step. The import screen reads another program's CSV through a mapping
// the admin sets once, names a bad row, and imports all of a corrected file.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import type { Finding } from "@common/contract/findings";
import type { Job } from "@common/contract/jobs";
import type { MapLayer } from "@common/contract/map-layers";
import { expect, json, requestQuoteViaApi, severeViolations, test, uniqueId } from "./fixtures";
import { flyQuoteJobViaApi } from "./admin-jobs";
import { thermalRaster } from "./thermal-raster";

// A layer is processed by the queue in a few seconds, beside the other workers.
test.setTimeout(120_000);

/** The map, once a layer is drawn on it. */
async function drawnMap(page: Page): Promise<Locator> {
  const map = page.getByRole("region", { name: "Site map" });
  await expect(map).toHaveAttribute("data-drawn", "true", { timeout: 30_000 });
  return map;
}

/** Clicks the map at its centre, where the view's centre (the middle block of the raster) is. */
async function clickCentre(map: Locator): Promise<void> {
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
}

const findingRows = (page: Page) =>
  page
    .getByRole("table")
    .filter({ has: page.getByRole("columnheader", { name: "Locator" }) })
    .getByRole("rowheader");

test("the admin places a finding on the thermal map and filters the table; the customer marks it repaired and the admin verifies it", async ({
  page,
  newCustomer,
  adminContext: adminBrowser,
  adminApi: admin,
  workDir: work,
}) => {
  const customer = await newCustomer({ firstName: "Elise", lastName: "Deroche" });
  const quoteId = await requestQuoteViaApi(page.request, customer, {
    serviceType: "solar",
    description: `Thermal inspection of the south array, ref ${uniqueId()}`,
  });
  const job = (await json<{ data: Job[] }>(await page.request.get("/api/jobs"))).data.find((candidate) => candidate.quoteId === quoteId)!;

  // The business accepts, schedules and flies the job, and adds its thermal map.
  const move = await flyQuoteJobViaApi(admin, { quoteId, jobId: job.id, price: 120_000, aircraft: "M30T" });
  const thermalFile = thermalRaster(work);
  await json(
    await admin.post(`/api/admin/jobs/${job.id}/layers`, {
      multipart: { kind: "thermal", title: "Thermal, south array", file: { name: "thermal.tif", mimeType: "image/tiff", buffer: readFileSync(thermalFile) } },
    }),
    201,
  );
  await expect
    .poll(async () => (await json<{ data: MapLayer[] }>(await admin.get(`/api/jobs/${job.id}/layers`))).data.map((layer) => layer.status), {
      timeout: 90_000,
      intervals: [1_000],
    })
    .toEqual(["ready"]);
  // Another finding, by hand through the API, for the filter to leave out.
  await json(
    await admin.post(`/api/admin/jobs/${job.id}/findings`, { data: { class: "soiling", severity: "minor", lat: 31.99, lon: -97.6, locator: "Block A" } }),
    201,
  );

  // 1. The admin places a hot spot by clicking the thermal map: the probe's pixels fill its temperatures.
  const adminPage = await adminBrowser.newPage();
  await adminPage.goto(`/admin-dashboard/jobs/${job.id}`);
  const map = await drawnMap(adminPage);
  await adminPage.getByRole("button", { name: "Add on map" }).click();
  await expect(adminPage.getByRole("group", { name: "Place the finding" })).toContainText("Thermal, south array gives its temperatures");
  await clickCentre(map);
  const form = adminPage.getByRole("form", { name: "New finding" });
  await expect(form).toBeVisible();
  await expect(adminPage.getByRole("status", { name: "Probe" })).toContainText("Temperature: 26.00 °C");
  await expect(form.getByLabel("Max temperature (°C)")).toHaveValue(/^2[6-9](\.\d+)?$/);
  await expect(form.getByLabel("Reference temperature (°C)")).toHaveValue(/^\d+(\.\d+)?$/);
  await expect(form.getByLabel("Latitude")).toHaveValue(/^3\d\.\d+$/);
  await expect(form.getByLabel("Longitude")).toHaveValue(/^-9\d\.\d+$/);
  // A hot spot of 12 °C over its neighbours, as the inspector judges it: moderate, from ΔT.
  await form.getByLabel("ΔT (°C)").fill("12");
  await form.getByLabel("Locator").fill("Block C / row 3 / string 5 / module 12");
  expect(await severeViolations(adminPage), "serious or critical axe violations in the findings").toBe("");
  await form.getByRole("button", { name: "Add finding" }).click();
  const placed = adminPage.getByRole("article", { name: /^Finding #\d+$/ });
  await expect(placed).toContainText("Block C / row 3 / string 5 / module 12");
  await expect(placed).toContainText("Moderate");
  const findingId = Number(((await placed.getByRole("heading", { level: 3 }).textContent()) ?? "").replace("Finding #", ""));

  // Its pin is where it was placed: closing it, then clicking the map there, opens it again.
  await placed.getByRole("button", { name: "Close the finding" }).click();
  await expect(placed).toBeHidden();
  await clickCentre(map);
  await expect(adminPage.getByRole("article", { name: `Finding #${findingId}` })).toBeVisible();
  await expect(adminPage.getByRole("button", { name: `#${findingId}` })).toHaveAttribute("aria-current", "true");

  // 2. The table filters by class.
  await expect(findingRows(adminPage)).toHaveCount(2);
  await adminPage.getByRole("search", { name: "Filter the findings" }).getByLabel("Class").selectOption({ label: "Hot spot" });
  await expect(findingRows(adminPage)).toHaveText([`#${findingId}`]);
  await expect(adminPage.getByText("1 of 2 findings")).toBeVisible();

  // 3. Delivered, the customer sees the finding and marks it repaired with a comment.
  await move({ status: "delivered" });
  await page.goto(`/dashboard/jobs/${job.id}`);
  await expect(page.getByRole("list", { name: "Findings by state" })).toContainText("2 open");
  await page.getByRole("button", { name: `#${findingId}` }).click();
  const seen = page.getByRole("article", { name: `Finding #${findingId}` });
  const moves = seen.getByRole("group", { name: "Change the finding's state" });
  await moves.getByLabel("Comment").fill("Module replaced on 4 December");
  await moves.getByRole("button", { name: "Mark repaired" }).click();
  await expect(seen.getByRole("list", { name: "History" })).toContainText("Open → Repaired");
  await expect(seen.getByRole("list", { name: "History" })).toContainText("Module replaced on 4 December");
  await expect(seen.getByRole("button", { name: "Verify" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "CSV" })).toHaveAttribute("href", `/api/jobs/${job.id}/findings.csv`);
  // The dashboard's Jobs tab counts them by state.
  await page.goto("/dashboard");
  await page
    .getByRole("tablist", { name: "Dashboard sections" })
    .getByRole("tab", { name: /^Jobs\b/ })
    .click();
  await expect(page.getByRole("list", { name: "Your findings by state" })).toHaveText(["1 open", "1 repaired"].join(""));
  await expect(page.getByRole("list", { name: `Findings of ${job.title} by state` })).toContainText("1 repaired");

  // 4. The admin verifies it.
  await adminPage.reload();
  await adminPage.getByRole("button", { name: `#${findingId}` }).click();
  const verified = adminPage.getByRole("article", { name: `Finding #${findingId}` });
  await verified.getByRole("button", { name: "Verify" }).click();
  await expect(verified.getByRole("list", { name: "History" })).toContainText("Repaired → Verified");
  const stored = (await json<{ data: Finding[] }>(await page.request.get(`/api/jobs/${job.id}/findings`))).data.find((finding) => finding.id === findingId)!;
  expect(stored).toMatchObject({ class: "hot_spot", severity: "moderate", status: "verified", deltaT: 12 });
  expect(stored.maxTemp).toBeGreaterThanOrEqual(26);
});

test("the admin imports another program's CSV: its columns mapped once and remembered, a bad row named, then all of it", async ({
  page,
  newCustomer,
  adminContext: adminBrowser,
  workDir: work,
}) => {
  const customer = await newCustomer({ firstName: "Ines", lastName: "Duarte" });
  const quoteId = await requestQuoteViaApi(page.request, customer, { serviceType: "solar", description: `Rooftop thermal survey, ref ${uniqueId()}` });
  const job = (await json<{ data: Job[] }>(await page.request.get("/api/jobs"))).data.find((candidate) => candidate.quoteId === quoteId)!;
  const csv = (rows: string[]) => {
    const file = path.join(work, `findings-${rows.length}-${uniqueId()}.csv`);
    writeFileSync(file, ["Anomaly Type,Latitude,Longitude,Delta T (C),Tracker", ...rows].join("\n"));
    return file;
  };

  const adminPage = await adminBrowser.newPage();
  await adminPage.goto(`/admin-dashboard/jobs/${job.id}`);
  await adminPage.getByRole("link", { name: "Import findings" }).click();
  await expect(adminPage.getByRole("heading", { level: 1, name: `Import findings into job #${job.id}` })).toBeVisible();

  // A first file: its columns guessed but for the locator, which the admin maps; a bad latitude is named.
  await adminPage.getByLabel("CSV, GeoJSON or KML file").setInputFiles(csv(["hot_spot,32.0001,-97.6001,12,T4-S2-M17", "open_module,95,-97.6002,25,T4-S2-M18"]));
  const columns = adminPage.getByRole("group", { name: "Columns" });
  await expect(columns.getByLabel("Latitude (required)")).toHaveValue("Latitude");
  await expect(columns.getByLabel("ΔT (°C)")).toHaveValue("Delta T (C)");
  await expect(columns.getByLabel("Locator", { exact: true })).toHaveValue("");
  await columns.getByLabel("Locator", { exact: true }).selectOption("Tracker");
  const preview = adminPage.getByRole("table", { name: /^The first 2 of 2 findings/ });
  await expect(preview).toContainText("T4-S2-M17");
  const errors = adminPage.getByRole("table", { name: "Nothing can be imported: 1 finding has errors" });
  await expect(errors.getByRole("row").nth(1)).toHaveText(["2", "Latitude", "Latitude is between -90 and 90"].join(""));
  await expect(adminPage.getByRole("button", { name: "Import all 2 findings" })).toBeDisabled();
  expect(await severeViolations(adminPage), "serious or critical axe violations on the import screen").toBe("");

  // The corrected file, on a page opened afresh: the admin's mapping is remembered; all of it is imported.
  await adminPage.reload();
  await adminPage
    .getByLabel("CSV, GeoJSON or KML file")
    .setInputFiles(csv(["hot_spot,32.0001,-97.6001,12,T4-S2-M17", "open_module,32.0002,-97.6002,25,T4-S2-M18"]));
  await expect(adminPage.getByRole("group", { name: "Columns" }).getByLabel("Locator", { exact: true })).toHaveValue("Tracker");
  await expect(adminPage.getByRole("table", { name: /^Nothing can be imported/ })).toHaveCount(0);
  await adminPage.getByRole("button", { name: "Import all 2 findings" }).click();
  await expect(adminPage.getByText("2 findings imported.")).toBeVisible();
  await adminPage.getByRole("link", { name: "See them on the job" }).click();
  await expect(adminPage.getByText("2 of 2 findings")).toBeVisible();
  await expect(findingRows(adminPage)).toHaveCount(2);
  const imported = (await json<{ data: Finding[] }>(await adminPage.request.get(`/api/jobs/${job.id}/findings`))).data;
  expect(imported.map(({ class: kind, locator, severity }) => ({ kind, locator, severity }))).toEqual([
    { kind: "hot_spot", locator: "T4-S2-M17", severity: "moderate" },
    { kind: "open_module", locator: "T4-S2-M18", severity: "critical" },
  ]);
});
