// Deliverables belong to the job (docs/product.md §10): a report or media item uploaded to a job, by
// multipart or resumably, takes its customer and service from the job, needs no description, and a
// report may be as large as a media file; the Upload tab's limits of docs/product.md §5 and §9 stay.
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { MB } from "@common/uploads";
import { type TestUser } from "../../testing/factories";
import { type JobDriver, jobsAppForTests } from "../../testing/jobs";
import { multipartBody, sampleFiles } from "../../testing/multipart";
import type { TestApp } from "../../testing/test-app";
import { encodeMetadata, tusUpload } from "../../testing/tus";

/** A real PDF header then padding: over the file picker's 10 MB, as a thermography report with its images is. */
const LARGE_REPORT = Buffer.concat([sampleFiles.pdf, Buffer.alloc(11 * MB, 0x20)]);
const FILES = {
  reports: { name: "thermography.pdf", type: "application/pdf", content: sampleFiles.pdf },
  media: { name: "roof.png", type: "image/png", content: sampleFiles.png },
};
type Kind = keyof typeof FILES;

describe("uploading deliverables to a job", () => {
  let t: TestApp, admin: TestUser, alice: TestUser, bob: TestUser, pilot: TestUser, serviceId: number, origin: string;
  let drive: JobDriver;
  jobsAppForTests(["admin", "customer", "customer", "pilot"], async (made) => {
    ({ t, serviceId, drive } = made);
    [admin, alice, bob, pilot] = made.users;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const send = async (
    kind: Kind,
    jobId: number,
    fields: Record<string, string>,
    user: TestUser | null = admin,
    file: { name: string; type: string; content: Uint8Array } = FILES[kind],
  ) => {
    const { payload, headers } = await multipartBody(fields, file);
    return t.app.inject({
      method: "POST",
      url: `/api/admin/jobs/${jobId}/${kind}`,
      payload,
      headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) },
    });
  };
  const listed = async (kind: Kind, user: TestUser) =>
    ((await t.app.inject({ method: "GET", url: `/api/${kind}`, headers: { cookie: user.cookie } })).json().data as { id: number }[]).map((row) => row.id);

  describe.each(["reports", "media"] as const)("POST /api/admin/jobs/{id}/%s", (kind) => {
    it("refuses a visitor (401), the job's own customer, another customer and the job's pilot (403), storing nothing", async () => {
      const jobId = await drive.jobAt(alice, "delivered");
      const refusals = [];
      for (const [who, user] of [
        ["visitor", null],
        ["the job's customer", alice],
        ["another customer", bob],
        ["the job's pilot", pilot],
      ] as const) {
        refusals.push([who, (await send(kind, jobId, { title: "Not theirs to add" }, user)).statusCode]);
      }
      expect(refusals).toEqual([
        ["visitor", 401],
        ["the job's customer", 403],
        ["another customer", 403],
        ["the job's pilot", 403],
      ]);
      expect((await drive.read(jobId))[kind]).toEqual([]);
    });

    it("takes the customer and service from the job, with no service field and an empty description, and shows it on the customer's job page", async () => {
      const jobId = await drive.jobAt(alice, "delivered");
      const res = await send(kind, jobId, { title: "North roof", description: "" });
      expect(res.statusCode, res.body).toBe(201);
      const item = res.json().data;
      expect(item).toMatchObject({ userId: alice.user.id, serviceId, jobId, title: "North roof", description: "" });
      expect((await drive.read(jobId, alice))[kind].map((row) => row.id)).toEqual([item.id]);
      expect(await listed(kind, alice)).toContain(item.id);
      expect(await listed(kind, bob)).not.toContain(item.id);
    });

    it("takes a quote request's job, which names no catalogue service, and holds the item until the job is delivered", async () => {
      const { jobId } = await drive.requestQuote(alice);
      const res = await send(kind, jobId, { title: "Preliminary survey" });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ userId: alice.user.id, serviceId: null, jobId, description: "" });
      expect(await listed(kind, alice)).not.toContain(res.json().data.id);
    });

    it("refuses a missing title with 400 naming it, an unknown job with 404 and a closed one with 409", async () => {
      const jobId = await drive.jobAt(alice, "delivered");
      const untitled = await send(kind, jobId, { title: "  ", description: "x".repeat(5_001) });
      expect(untitled.statusCode).toBe(400);
      expect(untitled.json().errors).toEqual({ title: "Enter a title", description: "Description is too long" });
      expect((await send(kind, 999_999, { title: "Lost" })).statusCode).toBe(404);
      const closed = await drive.jobAt(alice, "closed");
      expect((await send(kind, closed, { title: "Too late" })).statusCode).toBe(409);
      expect((await drive.read(jobId))[kind]).toEqual([]);
    });
  });

  it("accepts a job's report larger than 10 MB by multipart", async () => {
    const jobId = await drive.jobAt(alice, "delivered");
    const res = await send("reports", jobId, { title: "Thermography with images" }, admin, {
      name: "thermography.pdf",
      type: "application/pdf",
      content: LARGE_REPORT,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ userId: alice.user.id, serviceId, jobId, size: LARGE_REPORT.length, contentType: "application/pdf" });
  });

  it("accepts a job's report larger than 10 MB resumably (tus kind job-report) with only its job and title, and a job's photo (job-media)", async () => {
    const jobId = await drive.jobAt(alice, "delivered");
    const report = await tusUpload(origin, admin.cookie, LARGE_REPORT, {
      kind: "job-report",
      filename: "thermography.pdf",
      filetype: "application/pdf",
      jobId: String(jobId),
      title: "Thermography, resumable",
    });
    expect(report.status).toBe(200);
    expect(JSON.parse(report.body).data).toMatchObject({ userId: alice.user.id, serviceId, jobId, description: "", size: LARGE_REPORT.length });
    const photo = await tusUpload(origin, admin.cookie, sampleFiles.png, {
      kind: "job-media",
      filename: "roof.png",
      filetype: "image/png",
      jobId: String(jobId),
      title: "Roof",
    });
    expect(JSON.parse(photo.body).data).toMatchObject({ userId: alice.user.id, serviceId, jobId, isGalleryItem: false });
    const seen = await drive.read(jobId, alice);
    expect(seen.reports.map((row) => row.title)).toEqual(["Thermography, resumable"]);
    expect(seen.media.map((row) => row.title)).toEqual(["Roof"]);
  });

  it("refuses a resumable job upload's bad metadata with 400 naming each field, and a settled job with 409, before a byte is stored", async () => {
    const create = (metadata: Record<string, string>, length = 100) =>
      t.app.inject({
        method: "POST",
        url: "/api/uploads",
        headers: { "tus-resumable": "1.0.0", "upload-length": String(length), "upload-metadata": encodeMetadata(metadata), cookie: admin.cookie },
      });
    const bad = await create({ kind: "job-report", filename: "r.pdf", jobId: "x", title: "" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["jobId", "title"]);
    const closed = await drive.jobAt(alice, "closed");
    expect((await create({ kind: "job-media", filename: "p.png", jobId: String(closed), title: "Late" })).statusCode).toBe(409);
    expect((await create({ kind: "job-report", filename: "r.pdf", jobId: "999999", title: "Lost" })).statusCode).toBe(404);
    const jobId = await drive.jobAt(alice, "delivered");
    const tooLarge = await create({ kind: "job-report", filename: "r.pdf", jobId: String(jobId), title: "Huge" }, 1000 * MB + 1);
    expect([tooLarge.statusCode, tooLarge.json().message]).toEqual([413, "File exceeds the maximum size of 1000MB"]);
  });

  it("keeps the Upload tab's limits for work outside a job: a report over 10 MB is refused, a service and a description are required", async () => {
    const fields = { userId: String(alice.user.id), serviceId: String(serviceId), title: "Outside a job", description: "Survey" };
    const large = await multipartBody(fields, { name: "big.pdf", type: "application/pdf", content: LARGE_REPORT });
    const tooLarge = await t.app.inject({
      method: "POST",
      url: "/api/admin/reports",
      payload: large.payload,
      headers: { ...large.headers, cookie: admin.cookie },
    });
    expect([tooLarge.statusCode, tooLarge.json().message]).toEqual([413, "File exceeds the maximum size of 10MB"]);
    const missing = await multipartBody({ ...fields, serviceId: "", description: "" }, FILES.reports);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/admin/reports",
      payload: missing.payload,
      headers: { ...missing.headers, cookie: admin.cookie },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: "Please fill in all required fields and upload a file",
      errors: { serviceId: "Select a service", description: "Enter a description" },
    });
    const resumable = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: {
        "tus-resumable": "1.0.0",
        "upload-length": String(LARGE_REPORT.length),
        "upload-metadata": encodeMetadata({ kind: "report", filename: "big.pdf", ...fields }),
        cookie: admin.cookie,
      },
    });
    expect([resumable.statusCode, resumable.json().message]).toEqual([413, "File exceeds the maximum size of 10MB"]);
  });
});
