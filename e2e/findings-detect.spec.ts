// Hot-spot detection in the browser (docs/decisions/0033-hot-spot-detection.md): on the job's page, already open, the admin adds a
// thermal raster with three planted hot spots; the Candidates panel comes up by itself once the queue
// has processed it (no reload). They press Detect hot spots, see the three candidates the queued
// detection proposes, show one on the job's map, reject one and accept the others; the customer's job page then lists the two
// accepted findings alone (decision 0046).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { FindingSeverity } from "@common/findings";
import { SEVERITY_COLOURS } from "../client/src/components/site-map/severity-colours";
import { writePlantedThermal } from "../server/testing/thermal-rasters";
import { expect, severeViolations, test, uniqueId } from "./fixtures";

// The layer is uploaded, processed and searched by the queue in the test: minutes on a busy machine.
test.setTimeout(240_000);

test("the admin detects hot spots on a thermal layer and accepts or rejects each candidate; the customer sees the accepted ones alone", async ({
  page,
  newCustomer,
  adminContext: admin,
}) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-e2e-detect-"));
  try {
    await newCustomer();
    const { id: userId } = (await (await page.request.get("/api/user")).json()) as { id: number };
    const services = ((await (await admin.request.get("/api/services")).json()) as { data: { id: number; category: string }[] }).data;
    const solar = services.find((service) => service.category === "solar") ?? services[0]!;
    const title = `Roof array ${uniqueId()}`;
    const created = await admin.request.post("/api/admin/jobs", {
      data: { userId, serviceId: solar.id, title, site: { name: "Roof", address: "", latitude: null, longitude: null } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { data: job } = (await created.json()) as { data: { id: number } };
    // Flown and delivered first: the customer sees findings as they are decided.
    const { id: adminId } = (await (await admin.request.get("/api/user")).json()) as { id: number };
    const move = async (data: object) => {
      const res = await admin.request.patch(`/api/admin/jobs/${job.id}`, { data });
      expect(res.status(), await res.text()).toBe(200);
    };
    await move({
      status: "scheduled",
      scheduledStart: "2026-12-02T15:00:00.000Z",
      scheduledEnd: "2026-12-02T16:00:00.000Z",
      timeZone: "UTC",
      pilotId: adminId,
    });
    await move({ status: "flown", flight: { flownOn: "2026-11-02", durationMinutes: 30, aircraft: "M30T" } });
    await move({ status: "delivered" });

    // The job's page is open before the job has any thermal layer: no Candidates panel yet.
    const adminPage = await admin.newPage();
    await adminPage.goto(`/admin-dashboard/jobs/${job.id}`);
    const panel = adminPage.getByRole("region", { name: "Candidates", exact: true });
    await expect(adminPage.getByRole("button", { name: "Add map layer" })).toBeVisible();
    await expect(panel).toHaveCount(0);

    // 300 × 200 pixels of 10 cm in UTM 14N, three spots far apart, added through the page's dialog.
    const spots = [
      { column: 50, row: 50, size: 4, deltaT: 8 },
      { column: 150, row: 120, size: 6, deltaT: 15 },
      { column: 250, row: 60, size: 3, deltaT: 30 },
    ];
    const file = await writePlantedThermal(dir, "roof", {
      width: 300,
      height: 200,
      srs: "EPSG:32614",
      geoTransform: [658_000, 0.1, 0, 3_542_000, 0, -0.1],
      spots,
      noise: 0.3,
    });
    await adminPage.getByRole("button", { name: "Add map layer" }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Add map layer" });
    await dialog.getByLabel("Kind").selectOption({ label: "Thermal" });
    await dialog.getByLabel("Title").fill("Roof thermal");
    await dialog.getByLabel("File").setInputFiles(file);
    await dialog.getByRole("button", { name: "Upload layer" }).click();
    await expect(dialog).toBeHidden();

    // Without a reload, the panel comes up and follows the layer's processing until it is ready.
    const layers = panel.getByRole("list", { name: "Thermal layers" });
    await expect(layers.getByText("Not searched yet.")).toBeVisible({ timeout: 60_000 });
    await layers.getByRole("button", { name: "Detect hot spots on Roof thermal" }).click();
    await expect(layers.getByText("Done: 3 candidates.")).toBeVisible({ timeout: 60_000 });
    const candidates = panel.getByRole("list", { name: "Candidates" });
    await expect(candidates.getByRole("listitem")).toHaveCount(3);
    await expect(candidates).not.toContainText("pixel");
    expect(await severeViolations(adminPage), "serious or critical axe violations with the candidates shown").toBe("");

    // "Show on map": the job's map centres on the candidate, close in, and draws it chosen (larger, ringed in white, in its severity's colour).
    const shownRow = candidates.getByRole("listitem").nth(1);
    const [, lat, lon] = /(-?\d+\.\d{6}), (-?\d+\.\d{6})/.exec((await shownRow.textContent()) ?? "")!;
    const severity = /· (minor|moderate|critical)/.exec((await shownRow.textContent()) ?? "")![1] as FindingSeverity;
    await shownRow.getByRole("button", { name: `Show Hot spot at ${lat}, ${lon} on map` }).click();
    await adminPage.getByRole("button", { name: "Probe centre" }).click();
    const probe = adminPage.getByRole("status", { name: "Probe" });
    await expect(probe).toContainText(`Latitude ${lat}, longitude ${lon}`);
    const map = adminPage.getByRole("region", { name: "Site map" });
    const colour = SEVERITY_COLOURS[severity].match(/[0-9a-f]{2}/g)!.map((hex) => parseInt(hex, 16));
    await expect
      .poll(async () => {
        const { data, info } = await sharp(await map.screenshot())
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const pixel = (x: number, y: number) => [0, 1, 2].map((channel) => data[(Math.round(y) * info.width + Math.round(x)) * 3 + channel]!);
        const scale = info.width / (await map.boundingBox())!.width;
        const centre = pixel(info.width / 2, info.height / 2);
        const ring = pixel(info.width / 2 + 10 * scale, info.height / 2);
        return centre.every((channel, i) => Math.abs(channel - colour[i]!) <= 8) && ring.every((channel) => channel >= 230);
      })
      .toBe(true);

    await candidates
      .getByRole("listitem")
      .first()
      .getByRole("button", { name: /^Reject / })
      .click();
    await expect(candidates.getByRole("listitem")).toHaveCount(2);
    await panel.getByRole("button", { name: "Accept all" }).click();
    await expect(panel.getByText("No candidates waiting for a decision.")).toBeVisible();

    const findings = ((await (await admin.request.get(`/api/jobs/${job.id}/findings`)).json()) as { data: { id: number; status: string; deltaT: number }[] })
      .data;
    expect(findings.map((finding) => finding.status).sort()).toEqual(["dismissed", "open", "open"]);
    const accepted = findings.filter((finding) => finding.status === "open").map((finding) => `#${finding.id}`);

    // The customer's job page: the two accepted findings, counted, listed and pinned; the rejected one nowhere.
    await page.goto(`/dashboard/jobs/${job.id}`);
    await expect(page.getByRole("list", { name: "Findings by state" })).toHaveText("2 open");
    const rows = page
      .getByRole("table")
      .filter({ has: page.getByRole("columnheader", { name: "Locator" }) })
      .getByRole("rowheader");
    await expect(rows).toHaveText(accepted);
    const rejected = findings.find((finding) => finding.status === "dismissed")!;
    await expect(page.getByRole("button", { name: `#${rejected.id}` })).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText(/dismissed|not a fault/i);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
