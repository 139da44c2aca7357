import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { jobs } from "../../db/schema";
import { imagesOf, pagesOf } from "../../pdf/testing/poppler";
import type { TestUser } from "../../testing/factories";
import { type JobDriver, jobsAppForTests } from "../../testing/jobs";
import { multipartBody, sampleFiles } from "../../testing/multipart";
import type { TestApp } from "../../testing/test-app";

// The compliance packet (docs/decisions/0068-operator-records.md): what a client's safety department
// asks for before a flight, read back from the PDF as pdftotext reads it.

describe("a job's compliance packet", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, other: TestUser, pilot: TestUser;
  let drive: JobDriver;
  jobsAppForTests(["admin", "customer", "customer", "pilot"], (made) => {
    ({ t, drive } = made);
    [admin, customer, other, pilot] = made.users;
  });
  const call = (method: "GET" | "POST", url: string, user: TestUser | null, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const created = async (url: string, body: object) => {
    const res = await call("POST", url, admin, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number };
  };

  it("carries the pilot's certificate number, the aircraft's registration and the policy number naming the client, and only admins get it", async () => {
    await created(`/api/admin/pilots/${pilot.user.id}/certificates`, {
      type: "faa-part-107",
      number: "FAA-4471902",
      issuedOn: "2026-01-10",
      expiresOn: "2031-01-31",
    });
    const craft = await created("/api/admin/aircraft", {
      make: "DJI",
      model: "Matrice 350 RTK",
      serial: "1ZNBJ7R00C00PQ",
      registration: "FA3XK7L9PQ",
      registrationExpiresOn: "2031-03-10",
    });
    await created("/api/admin/insurance", {
      insurer: "Skyline Mutual",
      policyNumber: "SKY-889-2031",
      startsOn: "2026-01-01",
      expiresOn: "2031-12-31",
      perOccurrenceLimit: 100_000_000,
      aggregateLimit: 200_000_000,
      additionalInsured: [customer.user.id],
    });
    const id = await drive.jobAt(customer, "scheduled");
    await t.database.db.update(jobs).set({ aircraftId: craft.id }).where(eq(jobs.id, id));

    const url = `/api/admin/jobs/${id}/compliance.pdf`;
    const res = await call("GET", url, admin);
    expect([res.statusCode, res.headers["content-type"], res.headers["content-disposition"]]).toEqual([
      200,
      "application/pdf",
      `attachment; filename="job-${id}-compliance.pdf"`,
    ]);
    const text = (await pagesOf(res.rawPayload)).join("\n");
    for (const expected of [
      "Compliance packet",
      "FAA-4471902",
      "FA3XK7L9PQ",
      "1ZNBJ7R00C00PQ",
      "SKY-889-2031",
      "Skyline Mutual",
      "$1,000,000.00",
      "Client named as additional insured: Yes",
      "FLIGHT PLAN",
      customer.user.email,
    ])
      expect(text).toContain(expected);

    expect((await call("GET", url, null)).statusCode).toBe(401);
    for (const user of [customer, other, pilot]) expect((await call("GET", url, user)).statusCode).toBe(403);
    expect((await call("GET", "/api/admin/jobs/999999/compliance.pdf", admin)).statusCode).toBe(404);
  });

  it("says which certificate and policy has its scanned copy on file, draws the images on pages of their own and names the PDFs as attached", async () => {
    const withCopy = await created(`/api/admin/pilots/${pilot.user.id}/certificates`, {
      type: "easa-a2-cofc",
      number: "EASA-A2-771",
      issuedOn: "2026-01-10",
      expiresOn: "2031-01-31",
    });
    await created(`/api/admin/pilots/${pilot.user.id}/certificates`, {
      type: "uk-flyer-id",
      number: "UK-FLYER-9",
      issuedOn: "2026-01-10",
      expiresOn: "2031-01-31",
    });
    const policy = await created("/api/admin/insurance", {
      insurer: "Harbour Aviation",
      policyNumber: "HAV-2031-PDF",
      startsOn: "2026-01-01",
      expiresOn: "2031-12-31",
      perOccurrenceLimit: 100_000_000,
      aggregateLimit: 200_000_000,
      additionalInsured: [],
    });
    const scan = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#2a6f3c" } })
      .png()
      .toBuffer();
    const put = async (url: string, file: { name: string; type: string; content: Uint8Array }) => {
      const body = await multipartBody({}, file);
      const res = await t.app.inject({ method: "POST", url, payload: body.payload, headers: { ...body.headers, cookie: admin.cookie } });
      expect(res.statusCode, res.body).toBe(200);
    };
    await put(`/api/admin/pilots/${pilot.user.id}/certificates/${withCopy.id}/scanned-copy`, { name: "cofcscan.png", type: "image/png", content: scan });
    await put(`/api/admin/insurance/${policy.id}/scanned-copy`, { name: "schedule.pdf", type: "application/pdf", content: sampleFiles.pdf });
    const id = await drive.jobAt(customer, "scheduled");

    const res = await call("GET", `/api/admin/jobs/${id}/compliance.pdf`, admin);
    expect(res.statusCode).toBe(200);
    const pages = await pagesOf(res.rawPayload);
    const text = pages.join("\n").replace(/\s+/g, " ");
    expect(text).toContain("Scanned copy on file: cofcscan.png");
    expect(text).toContain("Scanned copy on file: schedule.pdf (attached as a PDF)");
    expect(text).toContain("No scanned copy on file");
    expect(text).toContain("HAV-2031-PDF: schedule.pdf, sent with this packet as a file of its own");
    // The image is drawn on the last page, under its caption, at its own size.
    expect(pages.at(-1)).toContain("Scanned copy: EASA A2 CofC EASA-A2-771");
    const drawn = await imagesOf(res.rawPayload);
    expect(drawn).toContainEqual(expect.objectContaining({ page: pages.length, width: 300, height: 200 }));
  });
});
