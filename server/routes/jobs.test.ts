import { beforeAll, describe, expect, it } from "vitest";
import type { JobMessage } from "@common/contract/jobs";
import { jobMessages } from "@common/job-status";
import { appWithUsersForTests, registerUser, type TestUser } from "../testing/factories";
import { type JobDriver, jobDriver, jobsAppForTests, moveBody } from "../testing/jobs";
import { multipartBody, sampleFiles } from "../testing/multipart";
import type { TestApp } from "../testing/test-app";

describe("a customer's jobs", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, other: TestUser, pilot: TestUser, otherPilot: TestUser, serviceId: number;
  let drive: JobDriver;
  jobsAppForTests(["admin", "customer", "customer", "pilot", "pilot"], (made) => {
    ({ t, serviceId, drive } = made);
    [admin, customer, other, pilot, otherPilot] = made.users;
  });

  const upload = async (kind: "reports" | "media", owner: TestUser, jobId: number | null, title: string) => {
    const fields = {
      userId: String(owner.user.id),
      serviceId: String(serviceId),
      title,
      description: "Thermal pass",
      ...(jobId ? { jobId: String(jobId) } : {}),
    };
    const file =
      kind === "reports"
        ? { name: "report.pdf", type: "application/pdf", content: sampleFiles.pdf }
        : { name: "photo.png", type: "image/png", content: sampleFiles.png };
    const { payload, headers } = await multipartBody(fields, file);
    return t.app.inject({ method: "POST", url: `/api/admin/${kind}`, payload, headers: { ...headers, cookie: admin.cookie } });
  };
  const titles = async (url: string, user: TestUser) => ((await drive.inject("GET", url, user)).json().data as { title: string }[]).map((row) => row.title);

  it("lists the customer's own jobs only", async () => {
    const mine = await drive.jobAt(customer, "accepted");
    const theirs = await drive.jobAt(other, "accepted");
    const listed = (await drive.inject("GET", "/api/jobs", customer)).json().data.map((job: { id: number }) => job.id);
    expect(listed).toContain(mine);
    expect(listed).not.toContain(theirs);
  });

  describe("who may call each endpoint", () => {
    let jobId: number;
    beforeAll(async () => {
      jobId = await drive.jobAt(customer, "scheduled");
    });

    const endpoints = () => [
      { method: "GET" as const, url: `/api/jobs/${jobId}` },
      { method: "GET" as const, url: `/api/jobs/${jobId}/calendar.ics` },
      { method: "GET" as const, url: `/api/jobs/${jobId}/messages` },
      { method: "POST" as const, url: `/api/jobs/${jobId}/messages`, payload: { body: "Hello" } },
    ];

    it("the job's customer, its pilot and the admins; another customer or pilot 404; a visitor 401", async () => {
      const callers = { visitor: undefined, customer, other, pilot, otherPilot, admin };
      const expected = { visitor: 401, customer: 200, other: 404, pilot: 200, otherPilot: 404, admin: 200 };
      for (const endpoint of endpoints()) {
        for (const [name, user] of Object.entries(callers)) {
          const res = await drive.inject(endpoint.method, endpoint.url, user, endpoint.payload);
          const want = expected[name as keyof typeof expected];
          expect({ ...endpoint, name, status: res.statusCode }).toEqual({ ...endpoint, name, status: endpoint.method === "POST" && want === 200 ? 201 : want });
        }
      }
    });

    it("GET /api/jobs: 401 for a visitor, each caller's own list otherwise", async () => {
      expect((await drive.inject("GET", "/api/jobs")).statusCode).toBe(401);
      for (const user of [customer, other, pilot, admin]) expect((await drive.inject("GET", "/api/jobs", user)).statusCode).toBe(200);
      expect((await drive.inject("GET", "/api/jobs", other)).json().data.map((job: { id: number }) => job.id)).not.toContain(jobId);
    });

    it("the back office: GET /api/admin/jobs for admins and pilots, POST for admins, PATCH for admins and the job's pilot", async () => {
      const list = { visitor: 401, customer: 403, other: 403, pilot: 200, otherPilot: 200, admin: 200 };
      const open = { visitor: 401, customer: 403, other: 403, pilot: 403, otherPilot: 403, admin: 201 };
      const callers = { visitor: undefined, customer, other, pilot, otherPilot, admin };
      for (const [name, user] of Object.entries(callers)) {
        const key = name as keyof typeof list;
        expect({ name, status: (await drive.inject("GET", "/api/admin/jobs", user)).statusCode }).toEqual({ name, status: list[key] });
        const opened = await drive.inject("POST", "/api/admin/jobs", user, { userId: customer.user.id, serviceId, title: "Survey", site: { name: "Depot" } });
        expect({ name, status: opened.statusCode }).toEqual({ name, status: open[key] });
      }
      // PATCH, on a fresh scheduled job each time the move succeeds.
      const patch = { visitor: 401, customer: 403, other: 403, pilot: 200, otherPilot: 404, admin: 200 };
      for (const [name, user] of Object.entries(callers)) {
        const id = await drive.jobAt(customer, "scheduled");
        const res = await t.app.inject({
          method: "PATCH",
          url: `/api/admin/jobs/${id}`,
          headers: user ? { cookie: user.cookie } : {},
          payload: moveBody("flown", pilot.user.id),
        });
        expect({ name, status: res.statusCode }).toEqual({ name, status: patch[name as keyof typeof patch] });
      }
    });
  });

  it("shows the timeline, and offers the flight window as an .ics event", async () => {
    const id = await drive.jobAt(customer, "accepted");
    const window = { scheduledStart: "2030-05-01T08:00:00.000Z", scheduledEnd: "2030-05-01T10:30:00.000Z" };
    expect((await drive.patch(id, { status: "scheduled", ...window, timeZone: "Europe/Paris", pilotId: pilot.user.id })).statusCode).toBe(200);
    const job = (await drive.inject("GET", `/api/jobs/${id}`, customer)).json().data;
    expect(job).toMatchObject({ status: "scheduled", ...window, timeZone: "Europe/Paris", site: { name: "Depot", address: "1 Quay St" } });
    expect(job.events.map((event: { to: string }) => event.to)).toEqual(["accepted", "scheduled"]);
    const ics = await drive.inject("GET", `/api/jobs/${id}/calendar.ics`, customer);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(ics.body).toContain("BEGIN:VEVENT");
    expect(ics.body).toMatch(/DTSTART:20300501T080000Z/);
    expect(ics.body).toMatch(/DTEND:20300501T103000Z/);
    expect(ics.body).toContain("SUMMARY:Drone flight: Roof survey");
  });

  it("answers 404 for the .ics of a job without a window", async () => {
    const id = await drive.jobAt(customer, "accepted");
    const res = await drive.inject("GET", `/api/jobs/${id}/calendar.ics`, customer);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("This job has no flight window yet");
  });

  describe("messages", () => {
    it("keeps the thread oldest first, with each author", async () => {
      const id = await drive.jobAt(customer, "accepted");
      expect((await drive.inject("POST", `/api/jobs/${id}/messages`, customer, { body: "  When can you fly?  " })).json()).toMatchObject({
        success: true,
        data: { body: "When can you fly?", authorId: customer.user.id, authorRole: "customer", jobId: id },
      });
      await drive.inject("POST", `/api/jobs/${id}/messages`, admin, { body: "Tuesday" });
      const thread: JobMessage[] = (await drive.inject("GET", `/api/jobs/${id}/messages`, customer)).json().data;
      expect(thread.map((message) => [message.body, message.authorRole])).toEqual([
        ["When can you fly?", "customer"],
        ["Tuesday", "admin"],
      ]);
    });

    it.each([
      ["empty", "", jobMessages.messageEmpty],
      ["only spaces", "   ", jobMessages.messageEmpty],
      ["5,001 characters", "x".repeat(5_001), jobMessages.messageTooLong],
    ])("refuses a message that is %s, naming body, storing nothing", async (_name, body, message) => {
      const id = await drive.jobAt(customer, "accepted");
      const res = await drive.inject("POST", `/api/jobs/${id}/messages`, customer, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ body: message });
      expect((await drive.inject("GET", `/api/jobs/${id}/messages`, customer)).json().data).toEqual([]);
    });

    it("takes 5,000 characters", async () => {
      const id = await drive.jobAt(customer, "accepted");
      expect((await drive.inject("POST", `/api/jobs/${id}/messages`, customer, { body: "x".repeat(5_000) })).statusCode).toBe(201);
    });
  });

  describe("deliverables", () => {
    it("holds a job's report and media from its customer until the job is delivered, then publishes them all", async () => {
      const id = await drive.jobAt(customer, "flown");
      const report = await upload("reports", customer, id, "Held report");
      const item = await upload("media", customer, id, "Held photo");
      expect([report.statusCode, item.statusCode]).toEqual([201, 201]);
      expect(report.json().data.jobId).toBe(id);
      expect(await upload("reports", customer, null, "Loose report")).toHaveProperty("statusCode", 201);

      expect(await titles("/api/reports", customer)).toEqual(expect.arrayContaining(["Loose report"]));
      expect(await titles("/api/reports", customer)).not.toContain("Held report");
      expect(await titles("/api/media", customer)).not.toContain("Held photo");
      const asCustomer = (await drive.inject("GET", `/api/jobs/${id}`, customer)).json().data;
      expect([asCustomer.reports, asCustomer.media]).toEqual([[], []]);
      expect((await drive.inject("GET", report.json().data.fileUrl, customer)).statusCode).toBe(404);
      const asPilot = (await drive.inject("GET", `/api/jobs/${id}`, pilot)).json().data;
      expect(asPilot.reports.map((row: { title: string }) => row.title)).toEqual(["Held report"]);
      expect((await drive.inject("GET", report.json().data.fileUrl, pilot)).statusCode).toBe(200);

      const delivered = await drive.patch(id, moveBody("delivered", pilot.user.id));
      expect(delivered.statusCode).toBe(200);
      expect(delivered.json().data.deliveredAt).toEqual(expect.any(String));
      expect(await titles("/api/reports", customer)).toContain("Held report");
      expect(await titles("/api/media", customer)).toContain("Held photo");
      expect((await drive.inject("GET", report.json().data.fileUrl, customer)).statusCode).toBe(200);
      expect((await drive.inject("GET", `/api/jobs/${id}`, customer)).json().data.media.map((row: { title: string }) => row.title)).toEqual(["Held photo"]);

      // Anything added after delivery is published at once.
      await upload("reports", customer, id, "Late report");
      expect(await titles("/api/reports", customer)).toContain("Late report");
    });

    it("refuses a job of another customer than the upload's, naming jobId", async () => {
      const theirs = await drive.jobAt(other, "flown");
      for (const kind of ["reports", "media"] as const) {
        const res = await upload(kind, customer, theirs, "Misfiled");
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ jobId: "This job belongs to another customer" });
      }
      expect(await titles("/api/reports", customer)).not.toContain("Misfiled");
    });

    it("refuses a job that does not exist, naming jobId", async () => {
      const res = await upload("reports", customer, 999_999, "Lost");
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ jobId: "No such job" });
    });
  });

  it("shows the quote and its payments on a quote's job", async () => {
    const fresh = await registerUser(t);
    const { quoteId, jobId } = await drive.requestQuote(fresh);
    await drive.inject("PATCH", `/api/admin/quotes/${quoteId}`, admin, { status: "accepted", price: 40_000 });
    const intent = await drive.inject("POST", "/api/create-payment-intent", fresh, { service: "Quote", quoteId });
    expect(intent.statusCode).toBe(200);
    await drive.inject("POST", `/api/payments/${intent.json().paymentId}/submit`, fresh);
    const job = (await drive.inject("GET", `/api/jobs/${jobId}`, fresh)).json().data;
    expect(job.quote).toMatchObject({ id: quoteId, status: "accepted", price: 40_000 });
    expect(job.payments).toEqual([expect.objectContaining({ quoteId, amount: 40_000 })]);
  });
});

/** An .ics read back: folded lines joined, each property's value unescaped (RFC 5545 §3.1, §3.3.11). */
function readCalendar(body: string): Map<string, string> {
  const properties = new Map<string, string>();
  for (const line of body.replace(/\r?\n[ \t]/g, "").split(/\r?\n/)) {
    const match = /^([A-Z-]+)(?:;[^:]*)?:(.*)$/.exec(line);
    if (match && !properties.has(match[1]!)) properties.set(match[1]!, match[2]!.replace(/\\n/gi, "\n").replace(/\\([,;\\])/g, "$1"));
  }
  return properties;
}

describe("a job's .ics", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser, serviceId: number;
  appWithUsersForTests(["admin", "customer", "pilot"], { PUBLIC_URL: "https://drones.example" }, (made) => {
    ({ t, serviceId } = made);
    [admin, customer, pilot] = made.users;
  });

  it("carries the site's address as LOCATION and the job's page (PUBLIC_URL) as URL and in DESCRIPTION", async () => {
    const drive = jobDriver(t, admin, pilot, serviceId);
    const id = await drive.jobAt(customer, "scheduled");
    const ics = await drive.inject("GET", `/api/jobs/${id}/calendar.ics`, customer);
    expect(ics.statusCode).toBe(200);
    const event = readCalendar(ics.body);
    const link = `https://drones.example/dashboard/jobs/${id}`;
    // jobAt's site: Depot, 1 Quay St.
    expect(event.get("LOCATION")).toBe("Depot, 1 Quay St");
    expect(event.get("URL")).toBe(link);
    expect(event.get("DESCRIPTION")).toBe(`Drone flight for "Roof survey" at Depot, 1 Quay St.\nThe job: ${link}`);
  });
});
