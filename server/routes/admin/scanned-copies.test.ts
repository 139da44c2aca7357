import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { recordMessages } from "@common/operator-records";
import { scannedCopies } from "../../db/schema";
import type { TestUser } from "../../testing/factories";
import { jobsAppForTests } from "../../testing/jobs";
import { multipartBody, sampleFiles } from "../../testing/multipart";
import type { TestApp } from "../../testing/test-app";

// A certificate's scanned copy and a policy's document (docs/decisions/0075-scanned-copies.md):
// stored as the other uploads are, told by content, a replaced copy kept in the record's history.

type Sample = { name: string; type: string; content: Uint8Array };
const PDF: Sample = { name: "part-107.pdf", type: "application/pdf", content: sampleFiles.pdf };
const CERTIFICATE = { type: "faa-part-107", number: "4470123", issuedOn: "2025-01-10", expiresOn: "2031-01-31" } as const;
const POLICY = {
  insurer: "Skyline Mutual",
  policyNumber: "SKY-889",
  startsOn: "2026-01-01",
  expiresOn: "2031-12-31",
  perOccurrenceLimit: 100_000_000,
  aggregateLimit: 200_000_000,
};

describe("scanned copies of certificates and policies", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, other: TestUser, pilot: TestUser, otherPilot: TestUser;
  jobsAppForTests(["admin", "customer", "customer", "pilot", "pilot"], (made) => {
    ({ t } = made);
    [admin, customer, other, pilot, otherPilot] = made.users;
  });

  const headersOf = (user: TestUser | null) => (user ? { cookie: user.cookie } : {});
  const upload = async (url: string, user: TestUser | null, file?: Sample) => {
    const body = await multipartBody({}, file);
    return t.app.inject({ method: "POST", url, payload: body.payload, headers: { ...body.headers, ...headersOf(user) } });
  };
  const get = (url: string, user: TestUser | null) => t.app.inject({ method: "GET", url, headers: headersOf(user) });
  const created = async (url: string, body: object) => {
    const res = await t.app.inject({ method: "POST", url, payload: body, headers: headersOf(admin) });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: { id: number } }).data.id;
  };
  const certificateOf = async (owner: TestUser, number: string) =>
    `/api/admin/pilots/${owner.user.id}/certificates/${await created(`/api/admin/pilots/${owner.user.id}/certificates`, { ...CERTIFICATE, number })}/scanned-copy`;
  const storedFiles = async () => {
    const entries = await readdir(path.join(t.dataDir, "uploads"), { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  };
  const stored = async () => ({ rows: await t.database.db.$count(scannedCopies), files: (await storedFiles()).sort() });

  describe("who may call each endpoint: visitor, customer, another customer, pilot, admin", () => {
    it("a certificate's copy: the admins any, a pilot their own only", async () => {
      const own = await certificateOf(pilot, "OWN-COPY");
      const others = await certificateOf(otherPilot, "OTHER-COPY");
      const before = await stored();
      for (const url of [own, others]) {
        expect((await upload(url, null, PDF)).statusCode).toBe(401);
        expect((await get(url, null)).statusCode).toBe(401);
        for (const user of [customer, other]) {
          expect((await upload(url, user, PDF)).statusCode).toBe(403);
          expect((await get(url, user)).statusCode).toBe(403);
        }
      }
      expect((await upload(others, pilot, PDF)).statusCode).toBe(403);
      expect(await stored()).toEqual(before);
      expect((await upload(own, pilot, PDF)).statusCode).toBe(200);
      expect((await upload(others, admin, PDF)).statusCode).toBe(200);
      expect((await get(own, pilot)).statusCode).toBe(200);
      expect((await get(own, admin)).statusCode).toBe(200);
      expect((await get(others, pilot)).statusCode).toBe(403);
      // A certificate of the other pilot's, asked for under this pilot's own id, is not theirs either.
      const foreignId = others.split("/")[6];
      expect((await get(`/api/admin/pilots/${pilot.user.id}/certificates/${foreignId}/scanned-copy`, pilot)).statusCode).toBe(404);
      expect((await upload(`/api/admin/pilots/${pilot.user.id}/certificates/${foreignId}/scanned-copy`, pilot, PDF)).statusCode).toBe(404);
    });

    it("a policy's document: admins only", async () => {
      const url = `/api/admin/insurance/${await created("/api/admin/insurance", POLICY)}/scanned-copy`;
      const before = await stored();
      expect((await upload(url, null, PDF)).statusCode).toBe(401);
      expect((await get(url, null)).statusCode).toBe(401);
      for (const user of [customer, other, pilot]) {
        expect((await upload(url, user, PDF)).statusCode).toBe(403);
        expect((await get(url, user)).statusCode).toBe(403);
      }
      expect(await stored()).toEqual(before);
      expect((await get(url, admin)).statusCode).toBe(404);
      expect((await upload(url, admin, PDF)).statusCode).toBe(200);
      expect((await get(url, admin)).statusCode).toBe(200);
      expect((await upload("/api/admin/insurance/999999/scanned-copy", admin, PDF)).statusCode).toBe(404);
    });
  });

  it("stores a PDF, JPEG or PNG told by its bytes, serves it as uploaded, and keeps a replaced copy in the history", async () => {
    const url = await certificateOf(pilot, "HISTORY-COPY");
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3366cc" } })
      .jpeg()
      .toBuffer();
    // Named and declared as a PDF, a JPEG by its bytes: stored as what it is.
    const first = await upload(url, pilot, { name: "scan.pdf", type: "application/pdf", content: jpeg });
    expect(first.statusCode, first.body).toBe(200);
    const firstCopy = first.json().data.scannedCopy as { id: number; name: string; contentType: string; size: number };
    expect(firstCopy).toMatchObject({ name: "scan.pdf", contentType: "image/jpeg", size: jpeg.length });
    const served = await get(url, pilot);
    expect([served.statusCode, served.headers["content-type"], served.rawPayload.equals(jpeg)]).toEqual([200, "image/jpeg", true]);

    const second = await upload(url, admin, { name: "renewed.png", type: "image/png", content: sampleFiles.png });
    expect(second.statusCode, second.body).toBe(200);
    const data = second.json().data as { scannedCopy: { id: number; name: string }; history: { note: string; copyId: number | null }[] };
    expect(data.scannedCopy.name).toBe("renewed.png");
    expect(data.history.map((event) => event.copyId)).toEqual([null, firstCopy.id, data.scannedCopy.id]);
    expect(data.history[2]!.note).toContain("Scanned copy replaced by renewed.png");
    expect(data.history[2]!.note).toContain("the previous one, scan.pdf, is kept");
    // The newest is on file; the replaced one is still read by the id its history names.
    expect((await get(url, pilot)).rawPayload.equals(sampleFiles.png)).toBe(true);
    expect((await get(`${url}?version=${firstCopy.id}`, pilot)).rawPayload.equals(jpeg)).toBe(true);
    const saved = await get(`${url}?download=1`, admin);
    expect(saved.headers["content-disposition"]).toContain('attachment; filename="renewed.png"');
    expect((await get(`${url}?version=999999`, pilot)).statusCode).toBe(404);
    expect((await stored()).files).toHaveLength((await stored()).rows);
    // The certificate list shows the copy on file.
    const listed = (await get(`/api/admin/pilots/${pilot.user.id}/certificates`, pilot)).json().data as {
      number: string;
      scannedCopy: { name: string } | null;
    }[];
    expect(listed.find((certificate) => certificate.number === "HISTORY-COPY")?.scannedCopy?.name).toBe("renewed.png");
  });

  describe("bad input: 400 under file, no row and no stored file left behind", () => {
    const refusals: [string, Sample | undefined, string][] = [
      ["text named as a PDF", { name: "scan.pdf", type: "application/pdf", content: sampleFiles.text }, recordMessages.copyType],
      ["a video", { name: "clip.mp4", type: "video/mp4", content: sampleFiles.mp4 }, recordMessages.copyType],
      ["an empty file", { name: "empty.pdf", type: "application/pdf", content: new Uint8Array() }, 'File "empty.pdf" is empty'],
      ["no file", undefined, "Please upload a file"],
      [
        "a PDF over 10 MB",
        { name: "huge.pdf", type: "application/pdf", content: Buffer.concat([sampleFiles.pdf, Buffer.alloc(10 * 1024 * 1024)]) },
        recordMessages.copyTooLarge(10),
      ],
    ];
    for (const [what, file, message] of refusals)
      it(`refuses ${what}`, async () => {
        const certificate = await certificateOf(pilot, `REFUSED-${what}`);
        const policy = `/api/admin/insurance/${await created("/api/admin/insurance", { ...POLICY, policyNumber: `REFUSED-${what}` })}/scanned-copy`;
        const before = await stored();
        for (const [url, user] of [
          [certificate, pilot],
          [policy, admin],
        ] as const) {
          const res = await upload(url, user, file);
          expect([res.statusCode, res.json().errors]).toEqual([400, { file: message }]);
        }
        expect(await stored()).toEqual(before);
      });
  });
});
