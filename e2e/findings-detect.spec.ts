// Hot-spot detection in the browser (issue 18 §7): the admin uploads a thermal raster with three
// planted hot spots, presses Detect hot spots on the job's page once the queue has processed it,
// sees the three candidates the queued detection proposes, rejects one and accepts the others.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { writePlantedThermal } from "../server/testing/thermal-rasters";
import { loggedInAdmin } from "./admin-jobs";
import { expect, newAccount, registerViaApi, severeViolations, test, uniqueId } from "./fixtures";

test.setTimeout(120_000);

test("the admin detects hot spots on a thermal layer and accepts or rejects each candidate", async ({ browser, page }) => {
  const admin = await loggedInAdmin(browser);
  const dir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-e2e-detect-"));
  try {
    const customer = newAccount();
    await registerViaApi(page.request, customer);
    const { id: userId } = (await (await page.request.get("/api/user")).json()) as { id: number };
    const services = ((await (await admin.request.get("/api/services")).json()) as { data: { id: number; category: string }[] }).data;
    const solar = services.find((service) => service.category === "solar") ?? services[0]!;
    const title = `Roof array ${uniqueId()}`;
    const created = await admin.request.post("/api/admin/jobs", { data: { userId, serviceId: solar.id, title, site: { name: "Roof", address: "", latitude: null, longitude: null } } });
    expect(created.status(), await created.text()).toBe(201);
    const { data: job } = (await created.json()) as { data: { id: number } };

    // 300 × 200 pixels of 10 cm in UTM 14N, three spots far apart.
    const spots = [
      { column: 50, row: 50, size: 4, deltaT: 8 },
      { column: 150, row: 120, size: 6, deltaT: 15 },
      { column: 250, row: 60, size: 3, deltaT: 30 },
    ];
    const file = await writePlantedThermal(dir, "roof", { width: 300, height: 200, srs: "EPSG:32614", geoTransform: [658_000, 0.1, 0, 3_542_000, 0, -0.1], spots, noise: 0.3 });
    const upload = await admin.request.post(`/api/admin/jobs/${job.id}/layers`, {
      multipart: { kind: "thermal", title: "Roof thermal", file: { name: "roof.tif", mimeType: "image/tiff", buffer: readFileSync(file) } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    await expect
      .poll(async () => ((await (await admin.request.get(`/api/jobs/${job.id}/layers`)).json()) as { data: { status: string }[] }).data[0]?.status, { timeout: 60_000 })
      .toBe("ready");

    const adminPage = await admin.newPage();
    await adminPage.goto(`/admin-dashboard/jobs/${job.id}`);
    const panel = adminPage.getByRole("region", { name: "Candidates", exact: true });
    const layers = panel.getByRole("list", { name: "Thermal layers" });
    await expect(layers.getByText("Not searched yet.")).toBeVisible();
    await layers.getByRole("button", { name: "Detect hot spots on Roof thermal" }).click();
    await expect(layers.getByText("Done: 3 candidates.")).toBeVisible({ timeout: 60_000 });
    const candidates = panel.getByRole("list", { name: "Candidates" });
    await expect(candidates.getByRole("listitem")).toHaveCount(3);
    expect(await severeViolations(adminPage), "serious or critical axe violations with the candidates shown").toBe("");

    await candidates.getByRole("listitem").first().getByRole("button", { name: /^Reject / }).click();
    await expect(candidates.getByRole("listitem")).toHaveCount(2);
    await panel.getByRole("button", { name: "Accept all" }).click();
    await expect(panel.getByText("No candidates waiting for a decision.")).toBeVisible();

    const findings = ((await (await admin.request.get(`/api/jobs/${job.id}/findings`)).json()) as { data: { status: string; deltaT: number }[] }).data;
    expect(findings.map((finding) => finding.status).sort()).toEqual(["dismissed", "open", "open"]);
  } finally {
    await admin.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
