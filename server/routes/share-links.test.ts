import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShareLink } from "@common/contract/share-links";
import { SHARE_PIN_LIMITS, shareLinkMessages } from "@common/share-links";
import { findings, shareLinkEvents, shareLinks, sharePinAttempts } from "../db/schema";
import { readOutbox } from "../mail/outbox";
import { tryPin } from "../share-links/open-links";
import { hashPin, pinBackoffMs } from "../share-links/pin";
import { appWithUsers, type TestUser } from "../testing/factories";
import { jobFileFactory, SpyStorage, unzip, zipNames } from "../testing/job-files";
import { jobDriver } from "../testing/jobs";
import { multipartBody, sampleFiles } from "../testing/multipart";
import { pagesOf } from "../pdf/testing/poppler";
import type { TestApp } from "../testing/test-app";
import { linkState } from "../share-links/manage-links";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const JPEG = Buffer.concat([Buffer.from("ffd8ffe0", "hex"), Buffer.alloc(2048, 7)]);
const TIFF = Buffer.concat([Buffer.from("49492a00", "hex"), Buffer.alloc(4096, 3)]);
const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

describe("share links", () => {
  let t: TestApp, storage: SpyStorage, scratch: string;
  let admin: TestUser, customer: TestUser, other: TestUser, pilot: TestUser, otherPilot: TestUser;
  let drive: ReturnType<typeof jobDriver>;
  /** A delivered job of the customer's, flown by `pilot`, with a report, a photo and a map layer. */
  let jobId: number;
  let ids: { report: number; media: number; layer: number };
  /** Another customer's delivered job, with a report of its own. */
  let otherJobId: number, otherReport: number;
  /** Requests from one made-up address each, so the per-address PIN limit of one test is not another's. */
  let nextAddress = 1;
  const freshAddress = () => `198.51.100.${nextAddress++}`;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), "skyvantage-share-"));
    storage = new SpyStorage(path.join(scratch, "uploads"));
    let serviceId: number;
    ({
      t,
      users: [admin, customer, other, pilot, otherPilot],
      serviceId,
    } = await appWithUsers(["admin", "customer", "customer", "pilot", "pilot"], {}, { storage }));
    drive = jobDriver(t, admin, pilot, serviceId);
    const files = jobFileFactory(t, storage, { userId: customer.user.id, uploadedBy: admin.user.id });
    jobId = await drive.jobAt(customer, "delivered");
    const report = await files.report(jobId, "Thermal report", PDF);
    const photo = await files.media(jobId, "Roof east", JPEG);
    const layer = await files.layer(jobId, "dsm.tif", TIFF);
    ids = { report: report.id, media: photo.id, layer: layer.id };
    otherJobId = await drive.jobAt(other, "delivered");
    otherReport = (await jobFileFactory(t, storage, { userId: other.user.id, uploadedBy: admin.user.id }).report(otherJobId, "Not yours", PDF)).id;
  });
  afterAll(async () => {
    await t.close();
    await rm(scratch, { recursive: true, force: true });
  });

  type Method = "GET" | "POST" | "DELETE";
  const call = (method: Method, url: string, user?: TestUser, payload?: object, extra: { cookie?: string; address?: string } = {}) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      remoteAddress: extra.address ?? "127.0.0.1",
      headers: { ...(user ? { cookie: user.cookie } : {}), ...(extra.cookie ? { cookie: extra.cookie } : {}) },
    });
  const create = async (body: object = {}, user: TestUser = customer, job = jobId) => {
    const res = await call("POST", `/api/jobs/${job}/share-links`, user, { expiresAt: inDays(7), allowDownload: true, ...body });
    expect(res.statusCode, res.body).toBe(201);
    const { id, url } = res.json().data as { id: number; url: string };
    return { id, url, token: url.replace("/share/", ""), api: `/api/share/${url.replace("/share/", "")}` };
  };
  const links = async (user: TestUser = customer): Promise<ShareLink[]> => (await call("GET", `/api/jobs/${jobId}/share-links`, user)).json().data;
  /** The proof cookie a right PIN sets, as the browser would send it back. */
  const unlock = async (api: string, pin: string, address = freshAddress()) => {
    const res = await call("POST", `${api}/pin`, undefined, { pin }, { address });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name === "share_pin")!;
    expect(cookie).toMatchObject({ httpOnly: true, path: api });
    return `share_pin=${cookie.value}`;
  };

  describe("who may make, list and revoke links", () => {
    it("lets the job's customer and the admins make one, refuses the pilot (403), anyone else (404) and visitors (401)", async () => {
      const body = { expiresAt: inDays(7), allowDownload: true };
      for (const sharer of [customer, admin]) expect((await call("POST", `/api/jobs/${jobId}/share-links`, sharer, body)).statusCode).toBe(201);
      const byPilot = await call("POST", `/api/jobs/${jobId}/share-links`, pilot, body);
      expect(byPilot.statusCode).toBe(403);
      expect(byPilot.json().message).toBe(shareLinkMessages.notSharer);
      for (const stranger of [other, otherPilot]) expect((await call("POST", `/api/jobs/${jobId}/share-links`, stranger, body)).statusCode).toBe(404);
      expect((await call("POST", `/api/jobs/${jobId}/share-links`, undefined, body)).statusCode).toBe(401);
    });

    it("lists the links to the customer and the admins only", async () => {
      await create();
      for (const reader of [customer, admin]) expect((await call("GET", `/api/jobs/${jobId}/share-links`, reader)).statusCode).toBe(200);
      expect((await call("GET", `/api/jobs/${jobId}/share-links`, pilot)).statusCode).toBe(403);
      for (const stranger of [other, otherPilot]) expect((await call("GET", `/api/jobs/${jobId}/share-links`, stranger)).statusCode).toBe(404);
      expect((await call("GET", `/api/jobs/${jobId}/share-links`)).statusCode).toBe(401);
    });

    it("lets the customer and the admins revoke, refuses the pilot (403), anyone else (404, as for no link) and visitors (401)", async () => {
      const link = await create();
      expect((await call("DELETE", `/api/share-links/${link.id}`)).statusCode).toBe(401);
      for (const stranger of [other, otherPilot])
        expect((await call("DELETE", `/api/share-links/${link.id}`, stranger)).json()).toEqual({ message: shareLinkMessages.notFound });
      expect((await call("DELETE", `/api/share-links/${link.id}`, pilot)).statusCode).toBe(403);
      expect((await call("DELETE", `/api/share-links/999999`, admin)).statusCode).toBe(404);
      expect((await call("GET", link.api)).statusCode).toBe(200);
      const revoked = await call("DELETE", `/api/share-links/${link.id}`, admin);
      expect(revoked.json()).toEqual({ success: true, message: shareLinkMessages.revokedDone });
      expect((await call("DELETE", `/api/share-links/${link.id}`, customer)).statusCode).toBe(200);
    });

    it("refuses a link to another customer's job (404)", async () => {
      const res = await call("POST", `/api/jobs/${otherJobId}/share-links`, customer, { expiresAt: inDays(7), allowDownload: true });
      expect(res.statusCode).toBe(404);
    });
  });

  describe("what a link is made of", () => {
    it("keeps only the token's SHA-256 and a hash of the PIN, and answers a random 256-bit token each time", async () => {
      const first = await create({ pin: "482193" });
      const second = await create({ pin: "482193" });
      expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(first.token).not.toBe(second.token);
      const rows = await t.database.db.select().from(shareLinks).where(eq(shareLinks.id, first.id));
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(first.token);
      expect(stored).not.toContain("482193");
      expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    });

    it.each([
      [{ expiresAt: "next week" }, "expiresAt", shareLinkMessages.expiresAtFormat],
      [{ expiresAt: new Date(Date.now() - 60_000).toISOString() }, "expiresAt", shareLinkMessages.expiresAtPast],
      [{ expiresAt: inDays(366) }, "expiresAt", shareLinkMessages.expiresAtTooFar],
      [{ pin: "12a4" }, "pin", shareLinkMessages.pinFormat],
      [{ pin: "123" }, "pin", shareLinkMessages.pinFormat],
      // New links need 6 digits at least (docs/decisions/0044-share-link-pins.md).
      [{ pin: "12345" }, "pin", shareLinkMessages.pinFormat],
      [{ allowDownload: "yes" }, "allowDownload", shareLinkMessages.allowDownload],
      [{ items: { reports: ["one"] } }, "items.reports.0", undefined],
      [{ items: { siteMap: "yes" } }, "items.siteMap", "items.siteMap must be true or false"],
    ])("refuses %j, naming %s", async (change, field, message) => {
      const res = await call("POST", `/api/jobs/${jobId}/share-links`, customer, { expiresAt: inDays(7), allowDownload: true, ...change });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
      if (message) expect(res.json().errors[field]).toBe(message);
    });

    it("refuses items the job does not deliver (404 naming the item): another job's report, a report held before delivery", async () => {
      const res = await call("POST", `/api/jobs/${jobId}/share-links`, customer, {
        expiresAt: inDays(7),
        allowDownload: true,
        items: { reports: [otherReport] },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(shareLinkMessages.itemNotInJob("report", otherReport));
      const scheduled = await drive.jobAt(customer, "scheduled");
      const held = await jobFileFactory(t, storage, { userId: customer.user.id, uploadedBy: admin.user.id }).report(scheduled, "Draft", PDF);
      const byAdmin = await call("POST", `/api/jobs/${scheduled}/share-links`, admin, {
        expiresAt: inDays(7),
        allowDownload: true,
        items: { reports: [held.id] },
      });
      expect(byAdmin.statusCode).toBe(404);
    });
  });

  describe("the recipient's page and files", () => {
    it("shows everything the job delivers without an account, each file at the link's own address, and logs the opening", async () => {
      const link = await create();
      const res = await call("GET", link.api, undefined, undefined, { address: "203.0.113.9" });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["x-robots-tag"]).toBe("noindex, nofollow");
      const shared = res.json();
      expect(shared).toMatchObject({ locked: false, allowDownload: true, showMap: true, zipUrl: `${link.api}/download.zip` });
      expect(shared.reports).toMatchObject([
        { id: ids.report, title: "Thermal report", fileUrl: `${link.api}/reports/${ids.report}`, downloadUrl: `${link.api}/reports/${ids.report}?download=1` },
      ]);
      expect(shared.media).toMatchObject([
        { id: ids.media, fileUrl: `${link.api}/media/${ids.media}`, thumbnailUrl: `${link.api}/media/${ids.media}/thumbnail` },
      ]);
      expect(shared.layers).toMatchObject([
        { id: ids.layer, cogUrl: `${link.api}/layers/${ids.layer}/cog`, originalUrl: `${link.api}/layers/${ids.layer}/original` },
      ]);
      expect(JSON.stringify(shared)).not.toContain("/api/reports/");
      const photo = await call("GET", `${link.api}/media/${ids.media}`, undefined, undefined, { address: "203.0.113.9" });
      expect(photo.rawPayload.equals(JPEG)).toBe(true);
      const logged = (await links()).find((row) => row.id === link.id)!;
      expect(logged.log).toEqual([{ at: expect.any(String), address: "203.0.113.9", what: "opened", itemName: "" }]);
    });

    it("serves a video's part by Range, so it seeks", async () => {
      const link = await create();
      const part = await t.app.inject({ method: "GET", url: `${link.api}/media/${ids.media}`, headers: { range: "bytes=4-9" } });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.equals(JPEG.subarray(4, 10))).toBe(true);
    });

    it("streams the shared files as one ZIP, logs each download by name, and the owner reads the log", async () => {
      const link = await create();
      const zip = await call("GET", `${link.api}/download.zip`, undefined, undefined, { address: "203.0.113.10" });
      expect(zip.statusCode).toBe(200);
      const file = path.join(scratch, "shared.zip");
      await writeFile(file, zip.rawPayload);
      expect(await unzip(["-t", file])).toContain("No errors detected");
      expect(await zipNames(file)).toEqual(["reports/Thermal report.pdf", "media/Roof east.jpg", "layers/dsm.tif"]);
      const report = await call("GET", `${link.api}/reports/${ids.report}?download=1`, undefined, undefined, { address: "203.0.113.10" });
      expect(report.headers["content-disposition"]).toContain("attachment");
      expect((await call("GET", `${link.api}/layers/${ids.layer}/original`)).headers["content-disposition"]).toContain("dsm.tif");
      const log = (await links(admin)).find((row) => row.id === link.id)!.log;
      expect(log.map(({ what, itemName }) => `${what} ${itemName}`)).toEqual([
        "downloaded dsm.tif",
        "downloaded Thermal report",
        "downloaded all shared files (ZIP)",
      ]);
      expect(log[2]!.address).toBe("203.0.113.10");
    });

    it("shares only the chosen items, and not the site map unless chosen", async () => {
      const link = await create({ items: { media: [ids.media] } });
      const shared = (await call("GET", link.api)).json();
      expect(shared).toMatchObject({ reports: [], layers: [], showMap: false, siteBoundary: null });
      expect(shared.media.map((item: { id: number }) => item.id)).toEqual([ids.media]);
      expect((await call("GET", `${link.api}/reports/${ids.report}`)).statusCode).toBe(404);
      expect((await call("GET", `${link.api}/layers/${ids.layer}/cog`)).statusCode).toBe(404);
      const zip = await call("GET", `${link.api}/download.zip`);
      const file = path.join(scratch, "chosen.zip");
      await writeFile(file, zip.rawPayload);
      expect(await zipNames(file)).toEqual(["media/Roof east.jpg"]);
      expect((await call("GET", `${link.api}/reports/${otherReport}`)).statusCode).toBe(404);
    });

    it("refuses every download of a view-only link (403 with a message) and offers none, while the files still show", async () => {
      const link = await create({ allowDownload: false });
      const shared = (await call("GET", link.api)).json();
      expect(shared).toMatchObject({ allowDownload: false, zipUrl: null });
      expect(shared.reports[0].downloadUrl).toBeNull();
      expect(shared.media[0].downloadUrl).toBeNull();
      const downloads = [
        `${link.api}/download.zip`,
        `${link.api}/reports/${ids.report}?download=1`,
        `${link.api}/media/${ids.media}?download=1`,
        `${link.api}/layers/${ids.layer}/original`,
        `${link.api}/layers/${ids.layer}/cog?download=1`,
      ];
      for (const url of downloads) {
        const res = await call("GET", url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual({ message: shareLinkMessages.viewOnly });
      }
      expect((await call("GET", `${link.api}/media/${ids.media}`)).statusCode).toBe(200);
      expect((await call("GET", `${link.api}/layers/${ids.layer}/cog`)).statusCode).toBe(200);
      expect((await links()).find((row) => row.id === link.id)!.log.filter((entry) => entry.what === "downloaded")).toEqual([]);
    });

    it("answers 404 to a token nobody was given", async () => {
      expect((await call("GET", "/api/share/not-a-real-token")).statusCode).toBe(404);
      expect((await call("GET", "/api/share/not-a-real-token/download.zip")).statusCode).toBe(404);
    });
  });

  describe("findings on a link", () => {
    /** The customer's findings of a job: two they see, one dismissed and one candidate they never do. */
    let findingsJob: number;
    beforeAll(async () => {
      findingsJob = await drive.jobAt(customer, "delivered");
      const add = async (body: object) => {
        const res = await call("POST", `/api/admin/jobs/${findingsJob}/findings`, admin, { class: "other", lat: 48.85, lon: 2.35, ...body });
        expect(res.statusCode, res.body).toBe(201);
      };
      await add({ severity: "critical", locator: "Block A / Row 3", note: "Open circuit" });
      await add({ severity: "minor", status: "repaired", locator: "Block B / Row 1" });
      await add({ severity: "moderate", status: "dismissed", dismissReason: "Reflection", locator: "Block C" });
      await t.database.db
        .insert(findings)
        .values({ jobId: findingsJob, class: "other", severity: "minor", status: "candidate", lat: 48.85, lon: 2.35, locator: "Candidate" });
    });

    it("shares the findings the customer sees when chosen, never a dismissed one or a candidate, on their own or with the map", async () => {
      const alone = await create({ items: { findings: true } }, customer, findingsJob);
      const shared = (await call("GET", alone.api)).json();
      expect(shared).toMatchObject({ showMap: false, siteBoundary: null });
      expect(
        shared.findings.map((finding: { locator: string; severity: string; status: string }) => [finding.locator, finding.severity, finding.status]),
      ).toEqual([
        ["Block A / Row 3", "critical", "open"],
        ["Block B / Row 1", "minor", "repaired"],
      ]);
      expect(Object.keys(shared.findings[0]).sort()).toEqual(
        [
          "class",
          "title",
          "createdAt",
          "deltaT",
          "id",
          "images",
          "indexValue",
          "lat",
          "locator",
          "lon",
          "maxTemp",
          "note",
          "polygon",
          "powerLoss",
          "severity",
          "status",
        ].sort(),
      );
      const withMap = (await call("GET", (await create({ items: { findings: true, siteMap: true } }, admin, findingsJob)).api)).json();
      expect(withMap).toMatchObject({ showMap: true });
      expect(withMap.findings).toHaveLength(2);
      // A link of everything shares them; a chosen set without them does not.
      expect((await call("GET", (await create({}, customer, findingsJob)).api)).json().findings).toHaveLength(2);
      expect((await call("GET", (await create({ items: { siteMap: true } }, customer, findingsJob)).api)).json().findings).toBeNull();
      const listed = (await call("GET", `/api/jobs/${findingsJob}/share-links`, customer)).json().data as ShareLink[];
      expect(listed.find((row) => row.id === alone.id)!.items).toMatchObject({ findings: true, siteMap: false });
    });

    it("puts findings.csv in the link's ZIP, with the findings the customer sees only", async () => {
      const link = await create({ items: { findings: true } }, customer, findingsJob);
      const zip = await call("GET", `${link.api}/download.zip`);
      expect(zip.statusCode).toBe(200);
      const file = path.join(scratch, "findings.zip");
      await writeFile(file, zip.rawPayload);
      expect(await zipNames(file)).toEqual(["findings.csv"]);
      const csv = await unzip(["-p", file, "findings.csv"]);
      expect(csv).toContain("Block A / Row 3");
      expect(csv).toContain("Block B / Row 1");
      expect(csv).not.toContain("Block C");
      expect(csv).not.toContain("Candidate");
      const everything = await create({}, customer, findingsJob);
      await writeFile(file, (await call("GET", `${everything.api}/download.zip`)).rawPayload);
      expect(await zipNames(file)).toEqual(["findings.csv"]);
    });
  });

  describe("a link with a PIN", () => {
    it("shows nothing but the PIN screen, refuses a wrong PIN by name, and opens with the right one", async () => {
      const link = await create({ pin: "482193" });
      expect((await call("GET", link.api)).json()).toEqual({ locked: true, expiresAt: expect.any(String) });
      for (const url of [`${link.api}/media/${ids.media}`, `${link.api}/download.zip`])
        expect((await call("GET", url)).json()).toEqual({ message: shareLinkMessages.pinRequired });
      const address = freshAddress();
      const wrong = await call("POST", `${link.api}/pin`, undefined, { pin: "000000" }, { address });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({ message: shareLinkMessages.wrongPin, errors: { pin: shareLinkMessages.wrongPin } });
      expect(wrong.cookies).toEqual([]);
      const malformed = await call("POST", `${link.api}/pin`, undefined, { pin: "48 21" }, { address });
      expect(malformed.json().errors).toEqual({ pin: shareLinkMessages.pinEntryFormat });
      // A first wrong PIN costs no wait: the recipient's slip, corrected at once.
      const cookie = await unlock(link.api, "482193", address);
      expect((await call("GET", link.api, undefined, undefined, { cookie })).json()).toMatchObject({ locked: false, title: expect.any(String) });
      expect((await call("GET", `${link.api}/download.zip`, undefined, undefined, { cookie })).statusCode).toBe(200);
      // The proof is this link's: another link with the same PIN does not take it.
      const another = await create({ pin: "482193" });
      expect((await call("GET", another.api, undefined, undefined, { cookie })).json()).toMatchObject({ locked: true });
      expect((await call("GET", link.api, undefined, undefined, { cookie: "share_pin=forged" })).json()).toMatchObject({ locked: true });
    });

    it("still opens a link made with a 4-digit PIN before new PINs needed 6", async () => {
      const link = await create();
      await t.database.db
        .update(shareLinks)
        .set({ pinHash: await hashPin("4821") })
        .where(eq(shareLinks.id, link.id));
      expect((await call("GET", link.api)).json()).toMatchObject({ locked: true });
      const cookie = await unlock(link.api, "4821");
      expect((await call("GET", link.api, undefined, undefined, { cookie })).json()).toMatchObject({ locked: false });
    });

    it("lets a wrong-PIN flood from 127.0.0.2–5 leave the right PIN from 127.0.0.1 working", async () => {
      const link = await create({ pin: "735194" });
      const flood = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"];
      const statuses: number[] = [];
      for (let round = 0; round < 6; round += 1) {
        for (const address of flood) statuses.push((await call("POST", `${link.api}/pin`, undefined, { pin: `${round}00000` }, { address })).statusCode);
      }
      // Each wrong PIN tried is in the owner's log; the rest were held back by the link's back-off.
      expect(statuses.every((status) => status === 403 || status === 429)).toBe(true);
      expect(statuses).toContain(429);
      const logged = (await links()).find((row) => row.id === link.id)!.log;
      expect(logged.filter((entry) => entry.what === "wrong-pin")).toHaveLength(statuses.filter((status) => status === 403).length);
      await unlock(link.api, "735194", "127.0.0.1");
    });

    /** `count` wrong PINs on the link, as tried before `at`, each from an address of its own. */
    const wrongPinsBefore = (linkId: number, count: number, at: Date) =>
      t.database.db.insert(shareLinkEvents).values(
        Array.from({ length: count }, (_, n) => ({
          linkId,
          address: `100.65.${Math.floor(n / 250)}.${(n % 250) + 1}`,
          what: "wrong-pin" as const,
          at: new Date(at.getTime() - (count - n) * 1_000),
        })),
      );

    it("slows guessing on a link: from its second wrong PIN, an address with a wrong PIN waits a back-off that doubles with each", async () => {
      const made = await create({ pin: "246813" });
      const [link] = await t.database.db.select().from(shareLinks).where(eq(shareLinks.id, made.id));
      const [first, second] = [freshAddress(), freshAddress()];
      const start = new Date();
      const at = (seconds: number) => new Date(start.getTime() + seconds * 1_000);
      const guess = (address: string, seconds: number) => tryPin(t.database.db, link!, made.token, "111111", address, at(seconds));
      expect(await guess(first, 0)).toEqual({ outcome: "wrong" });
      // The first slip is free; the link's second wrong PIN starts the back-off.
      expect(await guess(first, 0)).toEqual({ outcome: "wrong" });
      expect(await guess(first, 0.5)).toEqual({ outcome: "wait", seconds: 1 });
      // Another address, without a wrong PIN of its own, is tried at once; the link now has three: two seconds.
      expect(await guess(second, 0.5)).toEqual({ outcome: "wrong" });
      expect(await guess(first, 1)).toEqual({ outcome: "wait", seconds: 2 });
      expect(await guess(first, 2.5)).toEqual({ outcome: "wrong" });
      // Four wrong PINs: four seconds, then eight, up to an hour at most (from the 14th).
      expect(await guess(second, 3)).toEqual({ outcome: "wait", seconds: 4 });
      expect([1, 2, 3, 4, 5, 13, 14, 49].map(pinBackoffMs)).toEqual([0, 1_000, 2_000, 4_000, 8_000, 2_048_000, 3_600_000, 3_600_000]);
      // A refused guess tried no PIN: only the four tried are in the owner's log (newest first), each with its address.
      const log = (await links()).find((row) => row.id === made.id)!.log;
      expect(log.map(({ what, address }) => `${what} ${address}`)).toEqual([
        `wrong-pin ${first}`,
        `wrong-pin ${second}`,
        `wrong-pin ${first}`,
        `wrong-pin ${first}`,
      ]);
    });

    it("answers a held-back PIN 429 with how long to wait, in words and in Retry-After", async () => {
      const link = await create({ pin: "246813" });
      const address = freshAddress();
      await wrongPinsBefore(link.id, 13, new Date());
      expect((await call("POST", `${link.api}/pin`, undefined, { pin: "111111" }, { address })).statusCode).toBe(403);
      // Fourteen wrong PINs: an hour's back-off, the right PIN included.
      const held = await call("POST", `${link.api}/pin`, undefined, { pin: "246813" }, { address });
      expect(held.statusCode).toBe(429);
      const seconds = Number(held.headers["retry-after"]);
      expect(seconds).toBeGreaterThan(3_000);
      expect(seconds).toBeLessThanOrEqual(3_600);
      expect(held.json()).toEqual({ message: shareLinkMessages.tooManyPins(seconds) });
      expect(shareLinkMessages.tooManyPins(3_600)).toBe("Too many wrong PINs. Please wait 60 minutes and try again.");
    });

    it(`limits guessing to ${SHARE_PIN_LIMITS.perAddress} wrong PINs per address across links, counted in the database, and refuses even the right PIN then`, async () => {
      const address = freshAddress();
      const made = [];
      for (let guess = 0; guess < SHARE_PIN_LIMITS.perAddress; guess += 1) {
        const link = await create({ pin: "135790" });
        made.push(link);
        expect((await call("POST", `${link.api}/pin`, undefined, { pin: "000000" }, { address })).statusCode).toBe(403);
      }
      const other = await create({ pin: "246800" });
      const limited = await call("POST", `${other.api}/pin`, undefined, { pin: "246800" }, { address });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many wrong PINs\. Please wait (1[0-5]|[1-9]) minutes? and try again\.$/);
      expect(await t.database.db.$count(sharePinAttempts, eq(sharePinAttempts.address, address))).toBe(SHARE_PIN_LIMITS.perAddress);
      // Someone else, elsewhere, still gets in.
      await unlock(made[0]!.api, "135790");
      await unlock(other.api, "246800");
    });

    it("tries one PIN only when one address's guesses arrive all at once on a link already guessed at", async () => {
      const link = await create({ pin: "555555" });
      await wrongPinsBefore(link.id, 13, new Date());
      const address = freshAddress();
      const answers = await Promise.all(
        Array.from({ length: 3 * SHARE_PIN_LIMITS.perAddress }, (_, guess) =>
          call("POST", `${link.api}/pin`, undefined, { pin: `1${guess}0000` }, { address }),
        ),
      );
      // Taken one at a time under the link's lock: the first is tried, the others see it and wait out the link's back-off.
      expect(answers.filter((answer) => answer.statusCode === 403)).toHaveLength(1);
      expect(answers.every((answer) => [403, 429].includes(answer.statusCode))).toBe(true);
    });

    it("forgives an address's attempts of a window that has passed", async () => {
      const address = freshAddress();
      for (let guess = 0; guess < SHARE_PIN_LIMITS.perAddress; guess += 1) {
        const link = await create({ pin: "864200" });
        await call("POST", `${link.api}/pin`, undefined, { pin: "000000" }, { address });
      }
      const link = await create({ pin: "864200" });
      expect((await call("POST", `${link.api}/pin`, undefined, { pin: "864200" }, { address })).statusCode).toBe(429);
      await t.database.db
        .update(sharePinAttempts)
        .set({ at: new Date(Date.now() - (SHARE_PIN_LIMITS.windowMinutes + 1) * 60_000) })
        .where(eq(sharePinAttempts.address, address));
      await unlock(link.api, "864200", address);
    });

    it(`closes the link at its ${SHARE_PIN_LIMITS.ceiling}th wrong PIN, right PIN or not, and mails the admins once`, async () => {
      const link = await create({ pin: "918273" });
      // All but the last from addresses of their own, as a flood from many addresses would be.
      await wrongPinsBefore(link.id, SHARE_PIN_LIMITS.ceiling - 2, new Date());
      expect((await call("POST", `${link.api}/pin`, undefined, { pin: "000000" }, { address: "100.64.0.1" })).statusCode).toBe(403);
      const last = await call("POST", `${link.api}/pin`, undefined, { pin: "000000" }, { address: "100.64.1.1" });
      expect(last.statusCode).toBe(410);
      expect(last.json()).toEqual({ message: shareLinkMessages.disabled });
      for (const res of [await call("POST", `${link.api}/pin`, undefined, { pin: "918273" }, { address: "100.64.1.2" }), await call("GET", link.api)]) {
        expect(res.statusCode).toBe(410);
        expect(res.json()).toEqual({ message: shareLinkMessages.disabled });
      }
      const listed = (await links()).find((row) => row.id === link.id)!;
      expect(listed).toMatchObject({ state: "disabled", disabledAt: expect.any(String), revokedAt: null });
      expect(listed.log.filter((entry) => entry.what === "wrong-pin")).toHaveLength(SHARE_PIN_LIMITS.ceiling);
      const mails = (await readOutbox(t.database.db)).filter((mail) => mail.subject?.startsWith("Share link closed after too many wrong PINs"));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: admin.user.email });
      expect(mails[0]!.text).toContain(`took ${SHARE_PIN_LIMITS.ceiling} wrong PINs from ${SHARE_PIN_LIMITS.ceiling} address(es)`);
    });
  });

  describe("expiry and revocation", () => {
    it("expires at its instant exactly, and a revoked link is revoked whatever its expiry", () => {
      const expiresAt = new Date("2030-06-01T12:00:00Z");
      const closed = new Date("2030-05-01T00:00:00Z");
      expect(linkState({ expiresAt, revokedAt: null, disabledAt: null }, new Date("2030-06-01T11:59:59.999Z"))).toBe("active");
      expect(linkState({ expiresAt, revokedAt: null, disabledAt: null }, expiresAt)).toBe("expired");
      expect(linkState({ expiresAt, revokedAt: closed, disabledAt: null }, new Date("2030-05-02T00:00:00Z"))).toBe("revoked");
      expect(linkState({ expiresAt, revokedAt: null, disabledAt: closed }, expiresAt)).toBe("disabled");
    });

    it("answers 410 with words to the page and every call once the link has expired, and lists it as expired", async () => {
      const link = await create({ pin: "482193" });
      const cookie = await unlock(link.api, "482193");
      await t.database.db
        .update(shareLinks)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(shareLinks.id, link.id));
      for (const url of [link.api, `${link.api}/download.zip`, `${link.api}/media/${ids.media}`, `${link.api}/layers/${ids.layer}/cog`]) {
        const res = await call("GET", url, undefined, undefined, { cookie });
        expect(res.statusCode, url).toBe(410);
        expect(res.json()).toEqual({ message: shareLinkMessages.expired });
      }
      expect((await call("POST", `${link.api}/pin`, undefined, { pin: "482193" })).statusCode).toBe(410);
      expect((await links()).find((row) => row.id === link.id)).toMatchObject({ state: "expired", hasPin: true });
    });

    it("stops a revoked link at once, an open page's next call included", async () => {
      const link = await create();
      expect((await call("GET", `${link.api}/media/${ids.media}`)).statusCode).toBe(200);
      expect((await call("DELETE", `/api/share-links/${link.id}`, customer)).statusCode).toBe(200);
      for (const url of [link.api, `${link.api}/media/${ids.media}`, `${link.api}/download.zip`]) {
        const res = await call("GET", url);
        expect(res.statusCode).toBe(410);
        expect(res.json()).toEqual({ message: shareLinkMessages.revoked });
      }
      expect((await links()).find((row) => row.id === link.id)).toMatchObject({ state: "revoked", revokedAt: expect.any(String) });
    });
  });

  describe("the compliance packet on a link", () => {
    /** The packet's copies: the pilot's certificate's scan (a PNG) and the policy's document (a PDF). */
    let certificateCopy: number, policyCopy: number, replacedCopy: number;
    beforeAll(async () => {
      const post = async (url: string, body: object) => {
        const res = await call("POST", url, admin, body);
        expect(res.statusCode, res.body).toBe(201);
        return res.json().data.id as number;
      };
      const put = async (url: string, file: { name: string; type: string; content: Uint8Array }) => {
        const body = await multipartBody({}, file);
        const res = await t.app.inject({ method: "POST", url, payload: body.payload, headers: { ...body.headers, cookie: admin.cookie } });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.scannedCopy.id as number;
      };
      const certificate = await post(`/api/admin/pilots/${pilot.user.id}/certificates`, {
        type: "faa-part-107",
        number: "SHARED-107",
        issuedOn: "2020-01-10",
        expiresOn: "2040-01-31",
      });
      const policy = await post("/api/admin/insurance", {
        insurer: "Skyline Mutual",
        policyNumber: "SHARED-POLICY",
        startsOn: "2020-01-01",
        expiresOn: "2040-12-31",
        perOccurrenceLimit: 100_000_000,
        aggregateLimit: 200_000_000,
      });
      const copyUrl = `/api/admin/pilots/${pilot.user.id}/certificates/${certificate}/scanned-copy`;
      replacedCopy = await put(copyUrl, { name: "old.pdf", type: "application/pdf", content: PDF });
      certificateCopy = await put(copyUrl, { name: "licence.png", type: "image/png", content: sampleFiles.png });
      policyCopy = await put(`/api/admin/insurance/${policy}/scanned-copy`, { name: "schedule.pdf", type: "application/pdf", content: PDF });
    });
    const packetOnly = { items: { compliancePacket: true } };

    it("is an admin's choice: the customer asking for it gets 403 naming the field, and no link", async () => {
      const before = await t.database.db.$count(shareLinks);
      const res = await call("POST", `/api/jobs/${jobId}/share-links`, customer, { expiresAt: inDays(7), allowDownload: true, ...packetOnly });
      expect([res.statusCode, res.json().errors]).toEqual([403, { "items.compliancePacket": shareLinkMessages.packetAdminsOnly }]);
      expect(await t.database.db.$count(shareLinks)).toBe(before);
      // A link of everything does not carry it either: only a link that names it.
      const everything = await create();
      expect((await call("GET", everything.api)).json().compliancePacket).toBeNull();
      expect((await call("GET", `${everything.api}/compliance.pdf`)).statusCode).toBe(404);
      expect((await call("GET", `${everything.api}/compliance/copies/${certificateCopy}`)).statusCode).toBe(404);
    });

    it("lets the recipient, without an account, read the packet and the copies it names, and log what they save", async () => {
      const link = await create(packetOnly, admin);
      expect((await links(admin)).find((row) => row.id === link.id)?.items).toMatchObject({ compliancePacket: true, reports: [] });
      const page = (await call("GET", link.api)).json();
      expect(page.reports).toEqual([]);
      expect(page.compliancePacket).toEqual({
        url: `${link.api}/compliance.pdf`,
        copies: [
          {
            id: certificateCopy,
            record: "FAA Part 107 SHARED-107",
            name: "licence.png",
            contentType: "image/png",
            url: `${link.api}/compliance/copies/${certificateCopy}`,
          },
          expect.objectContaining({ id: policyCopy, record: "Skyline Mutual policy SHARED-POLICY", name: "schedule.pdf", contentType: "application/pdf" }),
        ],
      });
      const packet = await call("GET", page.compliancePacket.url);
      expect([packet.statusCode, packet.headers["content-type"], packet.headers["content-disposition"]]).toEqual([
        200,
        "application/pdf",
        `inline; filename="job-${jobId}-compliance.pdf"`,
      ]);
      const text = (await pagesOf(packet.rawPayload)).join("\n").replace(/\s+/g, " ");
      expect(text).toContain("Scanned copy on file: licence.png");
      expect(text).toContain("SHARED-POLICY: schedule.pdf, sent with this packet as a file of its own");
      const saved = await call("GET", `${page.compliancePacket.url}?download=1`);
      expect(saved.headers["content-disposition"]).toBe(`attachment; filename="job-${jobId}-compliance.pdf"`);
      expect((await call("GET", `${link.api}/compliance/copies/${certificateCopy}`)).rawPayload.equals(sampleFiles.png)).toBe(true);
      expect((await call("GET", `${link.api}/compliance/copies/${policyCopy}?download=1`)).rawPayload.equals(PDF)).toBe(true);
      // A replaced copy is the records' history, not the packet's.
      expect((await call("GET", `${link.api}/compliance/copies/${replacedCopy}`)).statusCode).toBe(404);
      const log = (await links(admin)).find((row) => row.id === link.id)!.log.map((entry) => entry.itemName);
      expect(log).toEqual(expect.arrayContaining(["the compliance packet (PDF)", "Skyline Mutual policy SHARED-POLICY scanned copy"]));
    });

    it("keeps the link's rules: a PIN first, no saving on a view-only link, 410 once revoked or expired", async () => {
      const locked = await create({ ...packetOnly, pin: "640213" }, admin);
      expect((await call("GET", `${locked.api}/compliance.pdf`)).statusCode).toBe(403);
      expect((await call("GET", `${locked.api}/compliance/copies/${certificateCopy}`)).statusCode).toBe(403);
      const cookie = await unlock(locked.api, "640213");
      expect((await call("GET", `${locked.api}/compliance.pdf`, undefined, undefined, { cookie })).statusCode).toBe(200);

      const viewOnly = await create({ ...packetOnly, allowDownload: false }, admin);
      expect((await call("GET", `${viewOnly.api}/compliance.pdf`)).statusCode).toBe(200);
      expect((await call("GET", `${viewOnly.api}/compliance.pdf?download=1`)).statusCode).toBe(403);
      expect((await call("GET", `${viewOnly.api}/compliance/copies/${policyCopy}?download=1`)).statusCode).toBe(403);

      const revoked = await create(packetOnly, admin);
      expect((await call("GET", `${revoked.api}/compliance.pdf`)).statusCode).toBe(200);
      expect((await call("DELETE", `/api/share-links/${revoked.id}`, admin)).statusCode).toBe(200);
      const expired = await create(packetOnly, admin);
      await t.database.db
        .update(shareLinks)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(shareLinks.id, expired.id));
      for (const [link, message] of [
        [revoked, shareLinkMessages.revoked],
        [expired, shareLinkMessages.expired],
      ] as const)
        for (const url of [`${link.api}/compliance.pdf`, `${link.api}/compliance/copies/${certificateCopy}`]) {
          const res = await call("GET", url);
          expect([res.statusCode, res.json()]).toEqual([410, { message }]);
        }
    });
  });
});
