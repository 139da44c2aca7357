// Share links (docs/decisions/0034-share-links.md, 0044-share-link-pins.md): the customer shares a
// delivered job by a link with a PIN; someone without an account opens it in a browser of their
// own, is refused a wrong PIN, then sees the map, the findings with their thermal crops (never a
// dismissed one), the photos in a lightbox and the reports, and downloads everything as one ZIP; the
// customer reads the access log and revokes the link, which the recipient's page then says in words.
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import type { Finding } from "@common/contract/findings";
import type { MapLayer } from "@common/contract/map-layers";
import { shareLinkMessages } from "@common/share-links";
import { expect, json, severeViolations, test, uniqueId } from "./fixtures";

const exec = promisify(execFile);
const PDF = Buffer.from(`%PDF-1.4\n% ${uniqueId()}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
// A map layer takes a few seconds to process, beside the other workers.
test.setTimeout(120_000);

/** The middle of the thermal raster below (UTM 14N 630021 E, 3540021 N, by gdaltransform): a finding there gets a thermal crop. */
const ON_THE_RASTER = { lat: 31.9887943, lon: -97.6236918 };

/** A small thermal GeoTIFF in °C (UTM 14N), made by gdal_translate from a grid. */
function thermalRaster(dir: string): string {
  const rows = Array.from({ length: 20 }, (_, row) => Array.from({ length: 20 }, (_, column) => (20 + row * 0.5 + column * 0.25).toFixed(2)).join(" "));
  const grid = path.join(dir, "thermal.asc");
  writeFileSync(grid, ["ncols 20", "nrows 20", "xllcorner 630000", "yllcorner 3540000", "cellsize 2", ...rows].join("\n"));
  const tif = path.join(dir, "thermal.tif");
  execFileSync("gdal_translate", ["-q", "-of", "GTiff", "-ot", "Float32", "-a_srs", "EPSG:32614", grid, tif]);
  return tif;
}

test("the customer shares a job by a link with a PIN; a recipient without an account opens it, downloads the ZIP, and sees it revoked", async ({
  browser,
  page,
  newCustomer,
  adminContext: admin,
}) => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "share-e2e-"));
  const recipient = await browser.newContext({ acceptDownloads: true });
  try {
    const word = uniqueId();
    const title = `Roof survey ${word}`;
    await newCustomer();
    const { id: userId } = await json<{ id: number }>(await page.request.get("/api/user"));
    const { id: adminId } = await json<{ id: number }>(await admin.request.get("/api/user"));
    const [service] = (await json<{ data: { id: number }[] }>(await admin.request.get("/api/services"))).data;
    const site = { name: "North barn", address: "", latitude: 31.98, longitude: -97.6 };
    const { data: job } = await json<{ data: { id: number } }>(
      await admin.request.post("/api/admin/jobs", { data: { userId, serviceId: service!.id, title, site } }),
      201,
    );
    const owner = { userId: String(userId), serviceId: String(service!.id), jobId: String(job.id) };
    await json(
      await admin.request.post("/api/admin/reports", {
        multipart: {
          ...owner,
          title: `Thermal report ${word}`,
          description: "Hotspots ranked",
          file: { name: "report.pdf", mimeType: "application/pdf", buffer: PDF },
        },
      }),
      201,
    );
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#f59e0b" } })
      .png()
      .toBuffer();
    await json(
      await admin.request.post("/api/admin/media", {
        multipart: {
          ...owner,
          title: `Roof overview ${word}`,
          description: "North elevation",
          file: { name: "roof.png", mimeType: "image/png", buffer: photo },
        },
      }),
      201,
    );
    const tif = thermalRaster(scratch);
    await json(
      await admin.request.post(`/api/admin/jobs/${job.id}/layers`, {
        multipart: { kind: "thermal", title: `Thermal map ${word}`, file: { name: "thermal.tif", mimeType: "image/tiff", buffer: readFileSync(tif) } },
      }),
      201,
    );
    await expect
      .poll(async () => (await json<{ data: MapLayer[] }>(await admin.request.get(`/api/jobs/${job.id}/layers`))).data.map((layer) => layer.status), {
        timeout: 90_000,
        intervals: [1_000],
      })
      .toEqual(["ready"]);
    // A hot spot on the thermal map, cropped by the server, and a dismissed one the recipient never sees.
    const finding = async (data: object) =>
      (
        await json<{ data: { id: number } }>(
          await admin.request.post(`/api/admin/jobs/${job.id}/findings`, { data: { class: "other", ...ON_THE_RASTER, ...data } }),
          201,
        )
      ).data.id;
    const hotSpot = await finding({ severity: "critical", locator: `String S7 ${word}`, maxTemp: 48, refTemp: 27, deltaT: 21 });
    await finding({ severity: "minor", status: "dismissed", dismissReason: "Reflection", locator: `Dismissed ${word}` });
    await expect
      .poll(
        async () =>
          (await json<{ data: Finding[] }>(await admin.request.get(`/api/jobs/${job.id}/findings`))).data
            .find((row) => row.id === hotSpot)
            ?.images.map((image) => image.kind),
        { timeout: 60_000, intervals: [500] },
      )
      .toEqual(["thermal"]);
    const boundary = {
      type: "Polygon",
      coordinates: [
        [
          [-97.601, 31.979],
          [-97.599, 31.979],
          [-97.599, 31.981],
          [-97.601, 31.981],
          [-97.601, 31.979],
        ],
      ],
    };
    await json(await admin.request.put(`/api/jobs/${job.id}/site-boundary`, { data: boundary }));
    const move = (data: object) => admin.request.patch(`/api/admin/jobs/${job.id}`, { data });
    await json(
      await move({
        status: "scheduled",
        scheduledStart: "2026-12-01T08:30:00.000Z",
        scheduledEnd: "2026-12-01T10:00:00.000Z",
        timeZone: "America/Chicago",
        pilotId: adminId,
      }),
    );
    await json(await move({ status: "flown", flight: { flownOn: "2026-11-02", durationMinutes: 30, aircraft: "M30T" } }));
    await json(await move({ status: "delivered" }));

    // The customer makes a link with a PIN from the job's page.
    await page.goto(`/dashboard/jobs/${job.id}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await page.getByRole("region", { name: "Deliverables", exact: true }).getByRole("button", { name: "Share" }).click();
    const dialog = page.getByRole("dialog", { name: "Share this job" });
    await dialog.getByLabel("PIN (optional, 6 to 12 digits)").fill("12");
    await dialog.getByRole("button", { name: "Create link" }).click();
    await expect(dialog.getByText(shareLinkMessages.newPin)).toBeVisible();
    await dialog.getByLabel("PIN (optional, 6 to 12 digits)").fill("482193");
    await dialog.getByRole("button", { name: "Create link" }).click();
    const address = dialog.getByLabel("New link: copy it now, it is shown only once");
    await expect(address).toHaveValue(/\/share\/[A-Za-z0-9_-]{43}$/);
    const url = await address.inputValue();
    expect(await severeViolations(page), "serious or critical axe violations in the Share dialog").toBe("");
    await dialog.getByRole("button", { name: "Close" }).first().click();

    // Someone without an account, in a browser of their own.
    const visitor = await recipient.newPage();
    const scripts: string[] = [];
    visitor.on("request", (request) => void (request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname)));
    await visitor.goto(url);
    await expect(visitor.getByRole("heading", { level: 1, name: "Shared files" })).toBeVisible();
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await visitor.getByRole("textbox", { name: "PIN" }).fill("000000");
    await visitor.getByRole("button", { name: "Open" }).click();
    await expect(visitor.getByText(shareLinkMessages.wrongPin)).toBeVisible();
    await visitor.getByRole("textbox", { name: "PIN" }).fill("482193");
    await visitor.getByRole("button", { name: "Open" }).click();
    await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();

    // The map with the job's layer, the photo in the lightbox, the report.
    await expect(visitor.getByRole("group", { name: "Layers" }).getByRole("checkbox", { name: `Thermal map ${word}` })).toBeVisible();
    await visitor.getByRole("button", { name: `Open Roof overview ${word}` }).click();
    const lightbox = visitor.getByRole("dialog", { name: `Roof overview ${word}` });
    await expect(lightbox.getByRole("img", { name: `Roof overview ${word}` })).toBeVisible();
    expect(await severeViolations(visitor), "serious or critical axe violations in the lightbox").toBe("");
    await visitor.keyboard.press("Escape");
    await expect(visitor.getByRole("region", { name: "Reports" }).getByRole("heading", { name: `Thermal report ${word}` })).toBeVisible();

    // The hot spot with its thermal crop, loaded from the link's own address, at a laptop's width and a phone's; never the dismissed one.
    const findings = visitor.getByRole("region", { name: "Findings" });
    const crop = findings
      .getByRole("row")
      .filter({ hasText: `String S7 ${word}` })
      .getByRole("img", { name: `Thermal: Thermal map ${word}` });
    for (const width of [1366, 360]) {
      await visitor.setViewportSize({ width, height: 800 });
      await expect(findings.getByText(`String S7 ${word}`)).toBeVisible();
      await crop.scrollIntoViewIfNeeded();
      await expect(crop).toBeVisible();
      await expect(crop).toHaveAttribute("src", new RegExp(`^/api/share/[^/]+/findings/${hotSpot}/images/\\d+$`));
      await expect.poll(() => crop.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0))).toBeGreaterThan(0);
      await expect(findings.getByText(`Dismissed ${word}`)).toHaveCount(0);
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth), `the page fits ${width} px`).toBeLessThanOrEqual(width);
    }
    await visitor.setViewportSize({ width: 1366, height: 800 });
    expect(await severeViolations(visitor), "serious or critical axe violations on the shared page").toBe("");

    const [download] = await Promise.all([
      visitor.waitForEvent("download"),
      visitor.getByRole("link", { name: "Download all shared files as one ZIP" }).click(),
    ]);
    const file = await download.path();
    await exec("unzip", ["-t", file]);
    const entries = (await exec("unzip", ["-Z1", file])).stdout.split("\n").filter(Boolean);
    expect(entries).toEqual([
      `reports/Thermal report ${word}.pdf`,
      `media/Roof overview ${word}.png`,
      "layers/thermal.tif",
      "findings.csv",
      `findings/finding-${hotSpot}-thermal.png`,
    ]);
    expect(download.suggestedFilename()).toBe(`job-${job.id}-roof-survey-${word.toLowerCase()}.zip`);
    // Nothing of the accounts' or the back office's screens came with the page.
    expect(
      scripts.filter((script) => /admin|dashboard|checkout/i.test(script)),
      scripts.join(", "),
    ).toEqual([]);

    // The owner reads the log, then revokes the link.
    await page.reload();
    await page.getByRole("region", { name: "Deliverables", exact: true }).getByRole("button", { name: "Share" }).click();
    const links = page.getByRole("dialog", { name: "Share this job" });
    await links.getByText(/^Access log \(\d+\)$/).click();
    await expect(links.getByText(/Opened the page/).first()).toBeVisible();
    await expect(links.getByText(/Downloaded all shared files \(ZIP\)/)).toBeVisible();
    await links.getByRole("button", { name: /^Revoke/ }).click();
    await expect(links.getByText("Revoked", { exact: true })).toBeVisible();

    await visitor.reload();
    await expect(visitor.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
    await expect(visitor.getByText(shareLinkMessages.revoked)).toBeVisible();
    expect((await recipient.request.get(new URL(url).pathname.replace("/share/", "/api/share/"))).status()).toBe(410);
  } finally {
    await recipient.close();
    rmSync(scratch, { recursive: true, force: true });
  }
});
