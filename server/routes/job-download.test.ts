import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobDownloadUrl } from "@common/job-download";
import { appWithUsers, type TestUser } from "../testing/factories";
import { jobFileFactory, saveSparse, SpyStorage, unzip, zipNames } from "../testing/job-files";
import { jobDriver, moveBody } from "../testing/jobs";
import type { TestApp } from "../testing/test-app";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const JPEG = Buffer.concat([Buffer.from("ffd8ffe0", "hex"), Buffer.alloc(2048, 7)]);
const TIFF = Buffer.concat([Buffer.from("49492a00", "hex"), Buffer.alloc(4096, 3)]);

describe("GET /api/jobs/:id/download.zip", () => {
  let t: TestApp, storage: SpyStorage, scratch: string, origin: string;
  let admin: TestUser, customer: TestUser, other: TestUser, pilot: TestUser, otherPilot: TestUser;
  let files: ReturnType<typeof jobFileFactory>;
  let drive: ReturnType<typeof jobDriver>;
  /** A delivered job of the customer's with two reports of one title, a photo, a layer and a document. */
  let jobId: number;
  let ids: { reports: number[]; media: number; layer: number; document: number };

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), "skyvantage-zip-"));
    storage = new SpyStorage(path.join(scratch, "uploads"));
    let serviceId: number;
    ({
      t,
      users: [admin, customer, other, pilot, otherPilot],
      serviceId,
    } = await appWithUsers(["admin", "customer", "customer", "pilot", "pilot"], {}, { storage }));
    files = jobFileFactory(t, storage, { userId: customer.user.id, uploadedBy: admin.user.id });
    drive = jobDriver(t, admin, pilot, serviceId);
    jobId = await drive.jobAt(customer, "delivered");
    const first = await files.report(jobId, "Thermal report", PDF);
    const second = await files.report(jobId, "Thermal report", Buffer.concat([PDF, Buffer.from("second")]));
    const photo = await files.media(jobId, "../../etc/Roof: east", JPEG);
    const layer = await files.layer(jobId, "dsm.tif", TIFF);
    const document = await files.document(jobId, "Site plan.pdf", PDF);
    ids = { reports: [first.id, second.id], media: photo.id, layer: layer.id, document: document.id };
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await rm(scratch, { recursive: true, force: true });
  });

  /** The answer saved to a file as a browser would save it, streamed over a real socket. */
  const download = (url: string, user?: TestUser) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; file: string }>((resolve, reject) => {
      const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.zip`);
      http
        .get(`${origin}${url}`, { headers: user ? { cookie: user.cookie } : {} }, (res) => {
          saveSparse(res, file).then(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, file }), reject);
        })
        .on("error", reject);
    });
  const call = (url: string, user?: TestUser) => t.app.inject({ method: "GET", url, headers: user ? { cookie: user.cookie } : {} });

  it("streams every file of the job in folders, named after the job, with the stored bytes", async () => {
    const { status, headers, file } = await download(jobDownloadUrl(jobId), customer);
    expect(status).toBe(200);
    expect(headers["content-type"]).toBe("application/zip");
    expect(headers["content-disposition"]).toBe(`attachment; filename="job-${jobId}-roof-survey.zip"`);
    expect(await zipNames(file)).toEqual([
      "reports/Thermal report.pdf",
      "reports/Thermal report (2).pdf",
      "media/etcRoof east.jpg",
      "layers/dsm.tif",
      "documents/Site plan.pdf",
    ]);
    expect(await unzip(["-t", file])).toContain("No errors detected");
    expect(await unzip(["-p", file, "reports/Thermal report (2).pdf"])).toBe(Buffer.concat([PDF, Buffer.from("second")]).toString("latin1"));
    expect(await unzip(["-p", file, "media/etcRoof east.jpg"])).toBe(JPEG.toString("latin1"));
    expect(await unzip(["-p", file, "layers/dsm.tif"])).toBe(TIFF.toString("latin1"));
  });

  it("answers the job's customer, its pilot and the admins; another customer and another pilot 404, a visitor 401", async () => {
    for (const reader of [customer, pilot, admin]) expect((await call(jobDownloadUrl(jobId), reader)).statusCode).toBe(200);
    for (const stranger of [other, otherPilot]) {
      const res = await call(jobDownloadUrl(jobId), stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Job not found" });
    }
    expect((await call(jobDownloadUrl(jobId))).statusCode).toBe(401);
  });

  it("holds a job's deliverables from its customer until it is delivered, as the job's page does, and leaves out a failed layer, whose files are gone", async () => {
    const held = await drive.jobAt(customer, "processing");
    await files.report(held, "Draft", PDF);
    await files.document(held, "Brief.pdf", PDF);
    await files.layer(held, "unreadable.tif", TIFF, "failed");
    expect(await zipNames((await download(jobDownloadUrl(held), customer)).file)).toEqual(["documents/Brief.pdf"]);
    expect(await zipNames((await download(jobDownloadUrl(held), pilot)).file)).toEqual(["reports/Draft.pdf", "documents/Brief.pdf"]);
  });

  it("lists what the ZIP holds by kind and id, for Download selected, to the same readers as the ZIP", async () => {
    const res = await call(`/api/jobs/${jobId}/files`, customer);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { kind: "report", id: ids.reports[0], title: "Thermal report", size: PDF.length },
      { kind: "report", id: ids.reports[1], title: "Thermal report", size: PDF.length + 6 },
      { kind: "media", id: ids.media, title: "../../etc/Roof: east", size: JPEG.length },
      { kind: "layer", id: ids.layer, title: expect.any(String), size: TIFF.length },
      { kind: "document", id: ids.document, title: expect.any(String), size: PDF.length },
    ]);
    for (const reader of [pilot, admin]) expect((await call(`/api/jobs/${jobId}/files`, reader)).json().data).toHaveLength(5);
    for (const stranger of [other, otherPilot]) expect((await call(`/api/jobs/${jobId}/files`, stranger)).statusCode).toBe(404);
    expect((await call(`/api/jobs/${jobId}/files`)).statusCode).toBe(401);
  });

  it("gives only the selected items with ?items=, in archive order", async () => {
    const { status, file } = await download(
      jobDownloadUrl(jobId, [
        { kind: "document", id: ids.document },
        { kind: "report", id: ids.reports[1]! },
      ]),
      pilot,
    );
    expect(status).toBe(200);
    expect(await zipNames(file)).toEqual(["reports/Thermal report.pdf", "documents/Site plan.pdf"]);
  });

  it("refuses a selection naming another job's item, an unknown kind or a malformed list, and streams nothing", async () => {
    const otherJob = await drive.jobAt(customer, "delivered");
    const foreign = await files.media(otherJob, "Elsewhere", JPEG);
    const refusals: [string, number, string][] = [
      [`items=media:${foreign.id}`, 404, `media ${foreign.id} is not part of this job`],
      [`items=report:${ids.reports[0]},finding:3`, 400, `Unknown item kind "finding": use report, media, layer, document, findings`],
      ["items=report", 400, "items must be a comma-separated list of kind:id, such as report:1,media:4,findings:csv"],
      ["items=", 400, "items must be a comma-separated list of kind:id, such as report:1,media:4,findings:csv"],
      ["items=report:0", 400, "items must be a comma-separated list of kind:id, such as report:1,media:4,findings:csv"],
      ["items=findings:3", 400, "items must be a comma-separated list of kind:id, such as report:1,media:4,findings:csv"],
      ["items=report:csv", 400, "items must be a comma-separated list of kind:id, such as report:1,media:4,findings:csv"],
    ];
    const readsBefore = storage.reads.length;
    for (const [query, status, message] of refusals) {
      const res = await call(`/api/jobs/${jobId}/download.zip?${query}`, admin);
      expect(res.statusCode, query).toBe(status);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(res.json()).toEqual({ message });
    }
    expect(storage.reads.length).toBe(readsBefore);
  });

  it("adds findings.csv for those who may see the findings (the customer once the job is delivered), selected by findings:csv", async () => {
    const inspected = await drive.jobAt(customer, "processing");
    const finding = {
      class: "other",
      severity: "critical",
      lat: 48.8571,
      lon: 2.3512,
      locator: "Block C / row 7 / module 3",
      note: 'Cracked glass, "see photo"',
    };
    for (const [index, body] of [finding, { ...finding, severity: "minor", locator: "Block C / row 9" }].entries()) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/admin/jobs/${inspected}/findings`,
        payload: body,
        headers: { cookie: (index ? pilot : admin).cookie },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await files.report(inspected, "Thermal report", PDF);
    await files.document(inspected, "Brief.pdf", PDF);
    const listed = (await call(`/api/jobs/${inspected}/files`, pilot)).json().data;
    expect(listed.map((file: { kind: string; id: number | string }) => `${file.kind}:${file.id}`)).toEqual([
      expect.stringMatching(/^report:\d+$/),
      expect.stringMatching(/^document:\d+$/),
      "findings:csv",
    ]);
    expect(listed[2]).toEqual({ kind: "findings", id: "csv", title: "Findings (CSV)", size: null });
    // Held from the customer: the list says so as the ZIP does.
    expect((await call(`/api/jobs/${inspected}/files`, customer)).json().data.map((file: { kind: string }) => file.kind)).toEqual(["document"]);
    const asPilot = await download(jobDownloadUrl(inspected), pilot);
    expect(await zipNames(asPilot.file)).toEqual(["reports/Thermal report.pdf", "documents/Brief.pdf", "findings.csv"]);
    expect(await unzip(["-t", asPilot.file])).toContain("No errors detected");
    const csv = (await unzip(["-p", asPilot.file, "findings.csv"])).split("\n");
    expect(csv[0]).toBe(
      "id,class,severity,severityReason,status,dismissReason,lat,lon,polygon,locator,maxTemp,refTemp,deltaT,indexValue,powerLoss,mediaIds,note,imageUrls",
    );
    expect(csv.filter(Boolean)).toHaveLength(3);
    expect(csv[1]).toContain(',critical,,open,,48.8571,2.3512,,Block C / row 7 / module 3,,,,,,,"Cracked glass, ""see photo""",');
    // The same bytes as the findings' own CSV export.
    const exported = await call(`/api/jobs/${inspected}/findings.csv`, pilot);
    expect(await unzip(["-p", asPilot.file, "findings.csv"])).toBe(exported.body);

    // Held from the customer until delivery, as GET /api/jobs/:id/findings holds them.
    expect(await zipNames((await download(jobDownloadUrl(inspected), customer)).file)).toEqual(["documents/Brief.pdf"]);
    const early = await call(jobDownloadUrl(inspected, [{ kind: "findings", id: "csv" }]), customer);
    expect(early.statusCode).toBe(404);
    expect(early.json()).toEqual({ message: "findings csv is not part of this job" });
    expect((await drive.patch(inspected, moveBody("delivered", pilot.user.id))).statusCode).toBe(200);
    const selected = await download(jobDownloadUrl(inspected, [{ kind: "findings", id: "csv" }]), customer);
    expect(selected.status).toBe(200);
    expect(await zipNames(selected.file)).toEqual(["findings.csv"]);
    expect(await unzip(["-p", selected.file, "findings.csv"])).toContain("Block C / row 9");
    for (const stranger of [other, otherPilot])
      expect((await call(jobDownloadUrl(inspected, [{ kind: "findings", id: "csv" }]), stranger)).statusCode).toBe(404);
    expect((await call(jobDownloadUrl(inspected, [{ kind: "findings", id: "csv" }]))).statusCode).toBe(401);
  });

  it("puts in the customer's findings.csv only the findings they see: no dismissed finding, no candidate (decision 0046)", async () => {
    const inspected = await drive.jobAt(customer, "delivered");
    const base = { class: "other", severity: "moderate", lat: 48.8571, lon: 2.3512 };
    const bodies = [
      { ...base, locator: "Zip / kept" },
      { ...base, locator: "Zip / dismissed", status: "dismissed", dismissReason: "Reflection, not a fault" },
      { ...base, locator: "Zip / candidate", status: "candidate" },
    ];
    for (const body of bodies) {
      const res = await t.app.inject({ method: "POST", url: `/api/admin/jobs/${inspected}/findings`, payload: body, headers: { cookie: admin.cookie } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const rowsOf = async (user: TestUser) => {
      const { status, file } = await download(jobDownloadUrl(inspected, [{ kind: "findings", id: "csv" }]), user);
      expect(status).toBe(200);
      return (await unzip(["-p", file, "findings.csv"])).split("\n").slice(1).filter(Boolean);
    };
    const customers = await rowsOf(customer);
    expect(customers).toHaveLength(1);
    expect(customers[0]).toContain("Zip / kept");
    expect(customers.join("\n")).not.toContain("dismissed");
    // The business's own ZIP keeps the dismissed one; a candidate is in neither.
    const business = await rowsOf(admin);
    expect(business.map((row) => /Zip \/ \w+/.exec(row)?.[0])).toEqual(["Zip / kept", "Zip / dismissed"]);
  });

  it("stops reading from storage when the client goes away mid-download", async () => {
    const big = await drive.jobAt(customer, "delivered");
    await files.layer(big, "orthomosaic.tif", 512 * 1024 * 1024);
    await files.layer(big, "never-read.tif", TIFF);
    const readsBefore = storage.reads.length;
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${origin}${jobDownloadUrl(big)}`, { headers: { cookie: customer.cookie } }, (res) => {
        res.once("data", () => {
          request.destroy();
          resolve();
        });
      });
      request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
    });
    await expect.poll(() => storage.reads[readsBefore]?.stream.destroyed, { timeout: 5_000 }).toBe(true);
    const reading = storage.reads[readsBefore]!.stream as unknown as { bytesRead: number };
    expect(reading.bytesRead).toBeLessThan(512 * 1024 * 1024);
    expect(storage.reads.length).toBe(readsBefore + 1);
  });

  // About a minute on two cores: most of it is unzip checking 4 GB of CRC, the proof that matters.
  it("writes ZIP64 records for an archive over 4 GB, which unzip tests whole", { timeout: 180_000 }, async () => {
    const huge = await drive.jobAt(customer, "delivered");
    await files.layer(huge, "survey.tif", 4 * 1024 ** 3 + 1024 ** 2);
    await files.document(huge, "after.pdf", PDF);
    const { status, file } = await download(jobDownloadUrl(huge), customer);
    expect(status).toBe(200);
    expect(await unzip(["-t", file])).toContain("No errors detected");
    expect(await unzip(["-p", file, "documents/after.pdf"])).toBe(PDF.toString("latin1"));
    await rm(file);
  });
});
