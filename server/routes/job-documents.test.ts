import { readdir } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import type { JobDocument } from "@common/contract/job-documents";
import { JOB_DOCUMENT_MAX_MB } from "@common/uploads";
import { MB } from "@common/uploads";
import { jobDocuments } from "../db/schema";
import type { TestUser } from "../testing/factories";
import { jobDriver } from "../testing/jobs";
import { appWithSmtpPeerForTests } from "../testing/mailed-app";
import type { SmtpPeer } from "../testing/smtp-peer";
import { multipartBody, sampleFiles } from "../testing/multipart";
import type { TestApp } from "../testing/test-app";

/** Who calls, read when the test runs (the users exist only after beforeAll). */
type Caller = () => TestUser | undefined;
type Sample = { name: string; type: string; content: Uint8Array };
const PDF: Sample = { name: "Site plan v2.pdf", type: "application/pdf", content: sampleFiles.pdf };
/** An AutoCAD 2018 drawing's first bytes: its "AC1032" version header. */
const DWG: Sample = { name: "as-built.dwg", type: "application/acad", content: Buffer.concat([Buffer.from("AC1032"), Buffer.alloc(256, 0)]) };

describe("the documents a customer sends for their job", () => {
  let smtp: SmtpPeer;
  let t: TestApp, admin: TestUser, customer: TestUser, other: TestUser, pilot: TestUser, otherPilot: TestUser;
  let drive: ReturnType<typeof jobDriver>;
  /** A scheduled job of the customer's, flown by `pilot`. */
  let jobId: number;
  appWithSmtpPeerForTests(
    ["admin", "customer", "customer", "pilot", "pilot"],
    (peer) => ({ SMTP_URL: peer.url }),
    async (made) => {
      ({
        t,
        smtp,
        users: [admin, customer, other, pilot, otherPilot],
      } = made);
      drive = jobDriver(t, admin, pilot, made.serviceId);
      jobId = await drive.jobAt(customer, "scheduled");
    },
  );

  const storedFiles = async () => {
    const entries = await readdir(path.join(t.dataDir, "uploads"), { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  };
  /** What is stored: the rows and the files, to show a refusal left nothing. */
  const stored = async () => ({ rows: await t.database.db.$count(jobDocuments), files: await storedFiles() });

  const send = async (id: number, user: TestUser | undefined, fields: Record<string, string>, file?: Sample) => {
    const { payload, headers } = await multipartBody(fields, file);
    return t.app.inject({ method: "POST", url: `/api/jobs/${id}/documents`, payload, headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) } });
  };
  const call = (method: "GET" | "DELETE", url: string, user?: TestUser) => t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {} });
  const sent = async (id: number, title: string, file: Sample = PDF): Promise<JobDocument> => {
    const res = await send(id, customer, { title }, file);
    expect(res.statusCode).toBe(201);
    return res.json().data;
  };
  const titlesFor = async (id: number, user: TestUser) =>
    ((await call("GET", `/api/jobs/${id}/documents`, user)).json().data as JobDocument[]).map((document) => document.title);

  it("takes the customer's PDF, lists it for the customer, the pilot and the admins, and serves the same bytes as a download under its name", async () => {
    const document = await sent(jobId, "Site plan");
    expect(document).toMatchObject({
      jobId,
      userId: customer.user.id,
      title: "Site plan",
      originalName: "Site plan v2.pdf",
      contentType: "application/pdf",
      size: sampleFiles.pdf.length,
    });
    expect(document.fileUrl).toBe(`/api/jobs/${jobId}/documents/${document.id}/file`);
    for (const reader of [customer, pilot, admin]) expect(await titlesFor(jobId, reader)).toContain("Site plan");

    for (const reader of [customer, pilot, admin]) {
      const file = await call("GET", `${document.fileUrl}?download=1`, reader);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(sampleFiles.pdf)).toBe(true);
      expect(file.headers["content-type"]).toBe("application/pdf");
      expect(file.headers["content-disposition"]).toBe(`attachment; filename="Site plan v2.pdf"; filename*=UTF-8''Site%20plan%20v2.pdf`);
    }
  });

  it("mails the admins and the job's pilot, linking to the job in the back office", async () => {
    await sent(jobId, "Previous thermal report");
    for (const address of [admin.user.email, pilot.user.email]) {
      const find = () =>
        smtp.inbox.find((mail) => mail.to.split(",").includes(address) && mail.raw.includes("Subject: New document for Roof survey: Previous thermal report"));
      await expect.poll(() => find() !== undefined, { timeout: 5_000 }).toBe(true);
      expect(find()!.raw).toContain(`/admin-dashboard/jobs/${jobId}`);
    }
    const documentMails = smtp.inbox.filter((mail) => mail.raw.includes("Subject: New document for"));
    expect(documentMails.some((mail) => mail.to.includes(otherPilot.user.email) || mail.to.includes(customer.user.email))).toBe(false);
  });

  describe("who may send one", () => {
    it.each([
      ["a visitor", 401, () => undefined],
      ["another customer", 404, () => other],
      ["a pilot of another job", 404, () => otherPilot],
      ["the job's pilot", 403, () => pilot],
      ["an admin", 403, () => admin],
    ] satisfies [string, number, Caller][])("refuses %s (%i), storing nothing", async (_who, status, user) => {
      const before = await stored();
      const res = await send(jobId, user(), { title: "Not mine to send" }, PDF);
      expect(res.statusCode).toBe(status);
      expect(await stored()).toEqual(before);
    });

    it("answers 404 for a job that does not exist", async () => {
      const before = await stored();
      expect((await send(2_000_000, customer, { title: "Lost" }, PDF)).statusCode).toBe(404);
      expect(await stored()).toEqual(before);
    });

    it.each(["cancelled", "closed"] as const)("refuses a %s job with 409, storing nothing", async (status) => {
      const settled = await drive.jobAt(customer, status);
      const before = await stored();
      const res = await send(settled, customer, { title: "Too late" }, PDF);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(`A ${status} job takes no more documents`);
      expect(await stored()).toEqual(before);
    });

    it.each(["requested", "delivered"] as const)("takes documents while the job is %s", async (status) => {
      const open = await drive.jobAt(customer, status);
      expect((await send(open, customer, { title: "Roof drawings" }, PDF)).statusCode).toBe(201);
    });
  });

  describe("what it checks", () => {
    it("names a missing title, storing nothing", async () => {
      const before = await stored();
      const res = await send(jobId, customer, { title: "  " }, PDF);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: "Give the document a title", errors: { title: "Give the document a title" } });
      expect(await stored()).toEqual(before);
    });

    it("names a missing file", async () => {
      const res = await send(jobId, customer, { title: "Forgot the file" });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ file: "Please upload a file" });
    });

    it("tells the type by content: text named .pdf gets 415 naming the file, storing nothing", async () => {
      const before = await stored();
      const res = await send(jobId, customer, { title: "Fake" }, { name: "plan.pdf", type: "application/pdf", content: sampleFiles.text });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toMatch(/^File "plan.pdf" is not an accepted file type/);
      expect(await stored()).toEqual(before);
    });

    it("takes a DWG drawing by its version header, and refuses DXF and ZIP, whose contents cannot be told", async () => {
      expect((await sent(jobId, "As-built", DWG)).contentType).toBe("image/vnd.dwg");
      const dxf = await send(
        jobId,
        customer,
        { title: "DXF" },
        { name: "plan.dxf", type: "image/vnd.dxf", content: Buffer.from("  0\nSECTION\n  2\nHEADER\n  0\nENDSEC\n  0\nEOF\n") },
      );
      expect(dxf.statusCode).toBe(415);
      const zip = await send(
        jobId,
        customer,
        { title: "ZIP" },
        { name: "plans.zip", type: "application/zip", content: Buffer.concat([Buffer.from("504b0304", "hex"), Buffer.alloc(64, 0)]) },
      );
      expect(zip.statusCode).toBe(415);
    });

    it(`refuses a file over ${JOB_DOCUMENT_MAX_MB} MB with 413, storing nothing`, async () => {
      const before = await stored();
      // Streamed in, as a browser sends it: a PDF's first bytes, then one byte more than the limit allows.
      const boundary = "----documentboundary";
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHuge scan\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      );
      async function* body() {
        yield head;
        yield sampleFiles.pdf;
        const chunk = Buffer.alloc(MB, 32);
        for (let sentBytes = 0; sentBytes <= JOB_DOCUMENT_MAX_MB * MB; sentBytes += MB) yield chunk;
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      }
      const res = await t.app.inject({
        method: "POST",
        url: `/api/jobs/${jobId}/documents`,
        payload: Readable.from(body()),
        headers: { cookie: customer.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: `File exceeds the maximum size of ${JOB_DOCUMENT_MAX_MB}MB` });
      expect(await stored()).toEqual(before);
    });
  });

  describe("who may read them", () => {
    let document: JobDocument;
    beforeAll(async () => {
      document = await sent(jobId, "Gate access plan");
    });

    it.each([
      ["a visitor", 401, () => undefined],
      ["another customer", 404, () => other],
      ["a pilot of another job", 404, () => otherPilot],
    ] satisfies [string, number, Caller][])("refuses the list and the file to %s (%i)", async (_who, status, user) => {
      expect((await call("GET", `/api/jobs/${jobId}/documents`, user())).statusCode).toBe(status);
      expect((await call("GET", document.fileUrl, user())).statusCode).toBe(status);
    });

    it("finds no document under another job's address", async () => {
      const otherJob = await drive.jobAt(customer, "accepted");
      expect((await call("GET", `/api/jobs/${otherJob}/documents/${document.id}/file`, customer)).statusCode).toBe(404);
      expect(await titlesFor(otherJob, customer)).toEqual([]);
    });
  });

  describe("who may delete one", () => {
    it.each([
      ["a visitor", 401, () => undefined],
      ["another customer", 404, () => other],
      ["a pilot of another job", 404, () => otherPilot],
      ["the job's pilot", 403, () => pilot],
    ] satisfies [string, number, Caller][])("refuses %s (%i), keeping the document", async (_who, status, user) => {
      const document = await sent(jobId, "Keep me");
      const before = await stored();
      expect((await call("DELETE", `/api/jobs/${jobId}/documents/${document.id}`, user())).statusCode).toBe(status);
      expect(await stored()).toEqual(before);
    });

    it("lets the customer who sent it take it back while the job is open: the row and the file go", async () => {
      const document = await sent(jobId, "Wrong plan");
      const before = await stored();
      const res = await call("DELETE", `/api/jobs/${jobId}/documents/${document.id}`, customer);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: "Document deleted" });
      const after = await stored();
      expect(after.rows).toBe(before.rows - 1);
      expect(after.files.length).toBe(before.files.length - 1);
      expect(await titlesFor(jobId, admin)).not.toContain("Wrong plan");
      expect((await call("GET", document.fileUrl, admin)).statusCode).toBe(404);
    });

    it("keeps a closed job's documents from its customer, and lets an admin delete them", async () => {
      const open = await drive.jobAt(customer, "delivered");
      const document = await sent(open, "Final drawings");
      expect((await drive.patch(open, { status: "closed" })).statusCode).toBe(200);
      const url = `/api/jobs/${open}/documents/${document.id}`;
      const refused = await call("DELETE", url, customer);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe("A closed job takes no more documents");
      expect((await call("DELETE", url, admin)).statusCode).toBe(200);
      expect(await titlesFor(open, customer)).toEqual([]);
    });
  });
});
