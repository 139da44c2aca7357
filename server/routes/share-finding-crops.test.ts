import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SharedFinding } from "@common/contract/share-links";
import { findingMessages } from "@common/findings";
import { shareLinkMessages } from "@common/share-links";
import { findings, shareLinks } from "../db/schema";
import { appWithUsers, type TestUser } from "../testing/factories";
import { jobFileFactory, SpyStorage, unzip, zipNames } from "../testing/job-files";
import { jobDriver } from "../testing/jobs";
import type { TestApp } from "../testing/test-app";

const JPEG = Buffer.concat([Buffer.from("ffd8ffe0", "hex"), Buffer.alloc(2048, 7)]);
const TIFF = Buffer.concat([Buffer.from("49492a00", "hex"), Buffer.alloc(4096, 3)]);
const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

describe("a shared finding's crops", () => {
  let t: TestApp, storage: SpyStorage, scratch: string;
  let admin: TestUser, customer: TestUser, other: TestUser;
  /** The customer's delivered job: a photo, two layers, and findings the customer sees (open, repaired), a dismissed one and a candidate. */
  let jobId: number, otherJobId: number, photo: number;
  let found: { open: number; repaired: number; dismissed: number; candidate: number; otherJob: number };
  /** The open finding's thermal PNG and visual JPEG, the repaired one's crop that lies outside its layer, and the crops of the findings no customer sees. */
  let crops: { thermal: number; visual: number; outside: number; dismissed: number; candidate: number; otherJob: number };
  let thermalPng: Buffer, visualJpeg: Buffer;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), "skyvantage-share-crops-"));
    storage = new SpyStorage(path.join(scratch, "uploads"));
    let serviceId: number, pilot: TestUser;
    ({
      t,
      users: [admin, customer, other, pilot],
      serviceId,
    } = await appWithUsers(["admin", "customer", "customer", "pilot"], {}, { storage }));
    const drive = jobDriver(t, admin, pilot, serviceId);
    const files = jobFileFactory(t, storage, { userId: customer.user.id, uploadedBy: admin.user.id });
    jobId = await drive.jobAt(customer, "delivered");
    otherJobId = await drive.jobAt(other, "delivered");
    photo = (await files.media(jobId, "Roof east", JPEG)).id;
    const thermalLayer = (await files.layer(jobId, "thermal.tif", TIFF)).id;
    const visualLayer = (await files.layer(jobId, "ortho.tif", TIFF)).id;
    const otherLayer = (await files.layer(otherJobId, "other.tif", TIFF)).id;
    const add = async (job: number, status: "open" | "repaired" | "dismissed" | "candidate", locator: string, mediaIds: number[] = []) => {
      const [row] = await t.database.db
        .insert(findings)
        .values({
          jobId: job,
          class: "hot_spot",
          severity: "critical",
          status,
          dismissReason: status === "dismissed" ? "Reflection" : "",
          lat: 48.85,
          lon: 2.35,
          locator,
          mediaIds,
        })
        .returning();
      return row!.id;
    };
    found = {
      open: await add(jobId, "open", "Block A", [photo]),
      repaired: await add(jobId, "repaired", "Block B"),
      dismissed: await add(jobId, "dismissed", "Block C"),
      candidate: await add(jobId, "candidate", "Candidate"),
      otherJob: await add(otherJobId, "open", "Not yours"),
    };
    thermalPng = await sharp({ create: { width: 48, height: 36, channels: 3, background: "#ff4400" } })
      .png()
      .toBuffer();
    visualJpeg = await sharp({ create: { width: 48, height: 36, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    crops = {
      thermal: (await files.crop(found.open, thermalLayer, "thermal", thermalPng)).id,
      visual: (await files.crop(found.open, visualLayer, "visual", visualJpeg)).id,
      outside: (await files.crop(found.repaired, thermalLayer, "thermal", null)).id,
      dismissed: (await files.crop(found.dismissed, thermalLayer, "thermal", thermalPng)).id,
      candidate: (await files.crop(found.candidate, thermalLayer, "thermal", thermalPng)).id,
      otherJob: (await files.crop(found.otherJob, otherLayer, "thermal", thermalPng)).id,
    };
  });
  afterAll(async () => {
    await t.close();
    await rm(scratch, { recursive: true, force: true });
  });

  const call = (url: string, user?: TestUser, cookie?: string) =>
    t.app.inject({ method: "GET", url, headers: { ...(user ? { cookie: user.cookie } : {}), ...(cookie ? { cookie } : {}) } });
  const create = async (body: object = {}, user: TestUser = customer, job = jobId) => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/jobs/${job}/share-links`,
      payload: { expiresAt: inDays(7), allowDownload: true, ...body },
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, url } = res.json().data as { id: number; url: string };
    return { id, api: `/api/share/${url.replace("/share/", "")}` };
  };
  const cropUrl = (api: string, findingId: number, cropId: number) => `${api}/findings/${findingId}/images/${cropId}`;
  const saved = async (body: Buffer, name: string) => {
    const file = path.join(scratch, name);
    await writeFile(file, body);
    return file;
  };

  it("lists each shared finding's crops at the link's own address, and the photos the link shares too, never another", async () => {
    const everything = await create();
    const shared = (await call(everything.api)).json().findings as SharedFinding[];
    expect(shared.map((finding) => finding.id)).toEqual([found.open, found.repaired]);
    expect(shared[0]!.images).toEqual([
      { kind: "thermal", title: "Thermal: thermal.tif", url: cropUrl(everything.api, found.open, crops.thermal), width: 48, height: 36 },
      { kind: "visual", title: "Visual: ortho.tif", url: cropUrl(everything.api, found.open, crops.visual), width: 48, height: 36 },
      { kind: "photo", title: "Roof east", url: `${everything.api}/media/${photo}`, width: null, height: null },
    ]);
    // A crop that could not be made (the finding lies outside its layer) is not an image.
    expect(shared[1]!.images).toEqual([]);
    // A link that shares the findings but not the photo lists the crops only.
    const findingsOnly = await create({ items: { findings: true } });
    const images = ((await call(findingsOnly.api)).json().findings as SharedFinding[])[0]!.images;
    expect(images.map((image) => image.kind)).toEqual(["thermal", "visual"]);
    for (const api of [everything.api, findingsOnly.api]) expect((await call(api)).body).not.toContain("/api/jobs/");
  });

  it("serves a shared crop's bytes to anyone holding the link, as stored, with the link's other files' cache headers", async () => {
    const link = await create({ items: { findings: true, media: [photo] } });
    const thermal = await call(cropUrl(link.api, found.open, crops.thermal));
    expect(thermal.statusCode, thermal.body).toBe(200);
    expect(thermal.headers["content-type"]).toBe("image/png");
    expect(thermal.rawPayload.equals(thermalPng)).toBe(true);
    const visual = await call(cropUrl(link.api, found.open, crops.visual));
    expect(visual.headers["content-type"]).toBe("image/jpeg");
    expect(visual.rawPayload.equals(visualJpeg)).toBe(true);
    const media = await call(`${link.api}/media/${photo}`);
    expect(thermal.headers["cache-control"]).toBe(media.headers["cache-control"]);
    expect(thermal.headers["x-robots-tag"]).toBe("noindex, nofollow");
  });

  it("refuses (404) a wrong token, another link's token, a link without findings, a dismissed or candidate finding, another finding's crop, and one never made", async () => {
    const link = await create({ items: { findings: true } });
    const otherLink = await create({}, other, otherJobId);
    const withoutFindings = await create({ items: { media: [photo] } });
    // The other customer's link reads its own crops, and no more.
    expect((await call(cropUrl(otherLink.api, found.otherJob, crops.otherJob))).statusCode).toBe(200);
    const refused = [
      cropUrl("/api/share/not-a-real-token", found.open, crops.thermal),
      cropUrl(otherLink.api, found.open, crops.thermal),
      cropUrl(link.api, found.otherJob, crops.otherJob),
      cropUrl(withoutFindings.api, found.open, crops.thermal),
      cropUrl(link.api, found.dismissed, crops.dismissed),
      cropUrl(link.api, found.candidate, crops.candidate),
      cropUrl(link.api, found.repaired, crops.thermal),
      cropUrl(link.api, found.repaired, crops.outside),
    ];
    for (const url of refused) {
      const res = await call(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.rawPayload.equals(thermalPng), url).toBe(false);
    }
    expect((await call(cropUrl(link.api, found.dismissed, crops.dismissed))).json()).toEqual({ message: findingMessages.imageNotFound });
    // The job's own crop route, signed out, is not a way around the link.
    expect((await call(`/api/jobs/${jobId}/findings/${found.open}/images/${crops.thermal}`)).statusCode).toBe(401);
  });

  it("asks a PIN link for its PIN first (403), and answers 410 once the link has expired or been revoked", async () => {
    const locked = await create({ pin: "482193", items: { findings: true } });
    const url = cropUrl(locked.api, found.open, crops.thermal);
    const before = await call(url);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({ message: shareLinkMessages.pinRequired });
    const pin = await t.app.inject({ method: "POST", url: `${locked.api}/pin`, payload: { pin: "482193" }, remoteAddress: "198.51.100.77" });
    expect(pin.statusCode, pin.body).toBe(200);
    const cookie = `share_pin=${pin.cookies.find((c) => c.name === "share_pin")!.value}`;
    expect((await call(url, undefined, cookie)).rawPayload.equals(thermalPng)).toBe(true);
    await t.database.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(shareLinks.id, locked.id));
    const expired = await call(url, undefined, cookie);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: shareLinkMessages.expired });
    const revoked = await create({ items: { findings: true } });
    expect((await t.app.inject({ method: "DELETE", url: `/api/share-links/${revoked.id}`, headers: { cookie: customer.cookie } })).statusCode).toBe(200);
    expect((await call(cropUrl(revoked.api, found.open, crops.thermal))).statusCode).toBe(410);
  });

  it("puts the shared findings' crops in the link's ZIP beside findings.csv, whose image links are the link's own", async () => {
    const link = await create({ items: { findings: true } });
    const zip = await call(`${link.api}/download.zip`);
    expect(zip.statusCode).toBe(200);
    const file = await saved(zip.rawPayload, "shared-crops.zip");
    expect(await zipNames(file)).toEqual(["findings.csv", `findings/finding-${found.open}-thermal.png`, `findings/finding-${found.open}-visual.jpg`]);
    expect(Buffer.from(await unzip(["-p", file, `findings/finding-${found.open}-thermal.png`]), "latin1").equals(thermalPng)).toBe(true);
    const csv = await unzip(["-p", file, "findings.csv"]);
    for (const crop of [crops.thermal, crops.visual]) expect(csv).toMatch(new RegExp(`https?://[^/;,]+${cropUrl(link.api, found.open, crop)}`));
    expect(csv).not.toContain("/api/jobs/");
    // The photo is not shared by this link, so its address is in neither the CSV nor the archive.
    expect(csv).not.toContain(`/media/${photo}`);
    const viewOnly = await create({ allowDownload: false, items: { findings: true } });
    expect((await call(`${viewOnly.api}/download.zip`)).statusCode).toBe(403);
  });

  it("gives each crop's full link in the customer's findings exports: CSV's imageUrls, GeoJSON's property and KML's ExtendedData", async () => {
    const imagePath = `/api/jobs/${jobId}/findings/${found.open}/images/${crops.thermal}`;
    const full = new RegExp(`^https?://[^/]+${imagePath}$`);
    const csv = (await call(`/api/jobs/${jobId}/findings.csv`, customer)).body.split("\n");
    const column = csv[0]!.split(",").indexOf("imageUrls");
    const row = csv.find((line) => line.startsWith(`${found.open},`))!;
    // The last column: the links, semicolon separated, with no comma in them.
    expect(column).toBe(csv[0]!.split(",").length - 1);
    expect(row.split(",").at(-1)!.split(";")).toContainEqual(expect.stringMatching(full));
    const geojson = (await call(`/api/jobs/${jobId}/findings.geojson`, customer)).json() as { features: { id: number; properties: { imageUrls: string[] } }[] };
    expect(geojson.features.find((feature) => feature.id === found.open)!.properties.imageUrls).toContainEqual(expect.stringMatching(full));
    const kml = (await call(`/api/jobs/${jobId}/findings.kml`, customer)).body;
    const placemark = new RegExp(`<Placemark id="finding-${found.open}">.*?</Placemark>`, "s").exec(kml)![0];
    const links = /<Data name="imageUrls"><value>([^<]*)<\/value><\/Data>/.exec(placemark)![1]!.split(";");
    expect(links).toContainEqual(expect.stringMatching(full));
  });

  it("puts each finding's crops the caller sees in the job's ZIP, with findings.csv, and selects them with it", async () => {
    const ofCustomer = await saved((await call(`/api/jobs/${jobId}/download.zip`, customer)).rawPayload, "customer-crops.zip");
    const names = await zipNames(ofCustomer);
    expect(names.filter((name) => name.startsWith("findings"))).toEqual([
      "findings.csv",
      `findings/finding-${found.open}-thermal.png`,
      `findings/finding-${found.open}-visual.jpg`,
    ]);
    expect(Buffer.from(await unzip(["-p", ofCustomer, `findings/finding-${found.open}-visual.jpg`]), "latin1").equals(visualJpeg)).toBe(true);
    // The admins see the dismissed finding, and its crop with it; a candidate stays out of the ZIP.
    const ofAdmin = await zipNames(await saved((await call(`/api/jobs/${jobId}/download.zip`, admin)).rawPayload, "admin-crops.zip"));
    expect(ofAdmin).toContain(`findings/finding-${found.dismissed}-thermal.png`);
    expect(ofAdmin).not.toContain(`findings/finding-${found.candidate}-thermal.png`);
    const chosen = await saved((await call(`/api/jobs/${jobId}/download.zip?items=findings:csv`, customer)).rawPayload, "chosen-crops.zip");
    expect(await zipNames(chosen)).toEqual(["findings.csv", `findings/finding-${found.open}-thermal.png`, `findings/finding-${found.open}-visual.jpg`]);
    const withoutFindings = await saved((await call(`/api/jobs/${jobId}/download.zip?items=media:${photo}`, customer)).rawPayload, "photo-only.zip");
    expect(await zipNames(withoutFindings)).toEqual(["media/Roof east.jpg"]);
    // "Download selected" offers the findings as one item, the crops coming with it.
    const listed = (await call(`/api/jobs/${jobId}/files`, customer)).json().data as { kind: string }[];
    expect(listed.filter((item) => item.kind === "findings")).toHaveLength(1);
    expect(listed.map((item) => item.kind)).not.toContain("finding-image");
  });
});
