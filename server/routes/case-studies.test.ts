import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AdminCaseStudy, CaseStudyCard, CustomerCaseStudy } from "@common/contract/case-studies";
import type { OutboxMail } from "@common/contract/customers";
import { caseStudyMessages } from "@common/case-studies";
import { caseStudies, jobs, users } from "../db/schema";
import type { TestUser } from "../testing/factories";
import { type JobDriver, jobsAppForTests, SMALL_SITE_RING } from "../testing/jobs";
import { multipartBody, sampleFiles } from "../testing/multipart";
import type { TestApp } from "../testing/test-app";

let t: TestApp, admin: TestUser, customer: TestUser, other: TestUser, pilot: TestUser, serviceId: number, drive: JobDriver;
jobsAppForTests(["admin", "customer", "customer", "pilot"], (made) => {
  ({ t, serviceId, drive } = made);
  [admin, customer, other, pilot] = made.users;
});

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const call = (method: Method, url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: user ? { cookie: user.cookie } : {} });

/** An image uploaded by the admin for the job (held until delivery, as every job's media). */
const uploadImage = async (jobId: number, title: string): Promise<number> => {
  const fields = { userId: String(customer.user.id), serviceId: String(serviceId), title, description: "Site photo", jobId: String(jobId) };
  const { payload, headers } = await multipartBody(fields, { name: "photo.png", type: "image/png", content: sampleFiles.png });
  const res = await t.app.inject({ method: "POST", url: "/api/admin/media", payload, headers: { ...headers, cookie: admin.cookie } });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
};

/** A delivered job of the customer's with a boundary and two pictures. */
const deliveredJob = async () => {
  const jobId = await drive.jobAt(customer, "flown");
  await t.database.db
    .update(jobs)
    .set({ siteBoundary: { type: "Polygon", coordinates: [SMALL_SITE_RING as [number, number][]] } })
    .where(eq(jobs.id, jobId));
  const before = await uploadImage(jobId, "Roof before");
  const after = await uploadImage(jobId, "Roof after");
  expect((await drive.patch(jobId, { status: "delivered" })).statusCode).toBe(200);
  return { jobId, before, after };
};

const create = async (body: object): Promise<AdminCaseStudy> => {
  const res = await call("POST", "/api/admin/case-studies", admin, body);
  expect(res.statusCode).toBe(201);
  return res.json().data;
};
const publicTitles = async (query = ""): Promise<string[]> =>
  (await call("GET", `/api/case-studies${query}`)).json().data.map((card: CaseStudyCard) => card.title);
const consent = (jobId: number, body: object, user = customer) => call("POST", `/api/jobs/${jobId}/case-study/consent`, user, body);

describe("who may call the case study endpoints", () => {
  it.each([
    ["GET", "/api/admin/case-studies", undefined],
    ["POST", "/api/admin/case-studies", { jobId: 999999 }],
    ["PATCH", "/api/admin/case-studies/999999", { shown: false }],
    ["DELETE", "/api/admin/case-studies/999999", undefined],
    ["POST", "/api/admin/case-studies/999999/consent-request", undefined],
  ] as const)("%s %s: 401 visitor, 403 customer and pilot, an admin gets through", async (method, url, body) => {
    expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    expect((await call(method, url, customer, body)).statusCode).toBe(403);
    expect((await call(method, url, pilot, body)).statusCode).toBe(403);
    expect([200, 400, 404]).toContain((await call(method, url, admin, body)).statusCode);
  });

  it("lets the job's customer read and answer; another customer and the pilot get 404, a visitor 401, an admin may read but not answer", async () => {
    const { jobId } = await deliveredJob();
    const study = await create({ jobId });
    expect((await call("POST", `/api/admin/case-studies/${study.id}/consent-request`, admin)).statusCode).toBe(200);
    const url = `/api/jobs/${jobId}/case-study`;
    expect((await call("GET", url)).statusCode).toBe(401);
    expect((await call("GET", url, other)).statusCode).toBe(404);
    expect((await call("GET", url, pilot)).statusCode).toBe(404);
    expect((await call("GET", url, admin)).statusCode).toBe(200);
    expect((await call("GET", url, customer)).statusCode).toBe(200);
    expect((await call("POST", `/api/jobs/${jobId}/case-study/consent`, undefined, { decision: "grant" })).statusCode).toBe(401);
    expect((await consent(jobId, { decision: "grant" }, other)).statusCode).toBe(404);
    expect((await consent(jobId, { decision: "grant" }, pilot)).statusCode).toBe(404);
    expect((await consent(jobId, { decision: "grant" }, admin)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(caseStudies).where(eq(caseStudies.id, study.id));
    expect(row!.consent).toBe("requested");
  });
});

describe("case studies", () => {
  it("are made only of a delivered job, with the reason, and once per job", async () => {
    const flown = await drive.jobAt(customer, "flown");
    const res = await call("POST", "/api/admin/case-studies", admin, { jobId: flown });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(caseStudyMessages.notDelivered);
    const { jobId } = await deliveredJob();
    await create({ jobId });
    const again = await call("POST", "/api/admin/case-studies", admin, { jobId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(caseStudyMessages.exists);
  });

  it("prefills the figures and pictures from the job", async () => {
    const { jobId, before, after } = await deliveredJob();
    const study = await create({ jobId });
    expect(study.figures).toEqual([
      { label: "Site area", value: expect.stringMatching(/^\d+(\.\d+)? acres$/) },
      { label: "Photos delivered", value: "2" },
    ]);
    expect([study.beforeMediaId, study.afterMediaId]).toEqual([before, after]);
    expect(study.showMap).toBe(true);
    expect(study.preview.outline).toMatch(/^M[\d. L]+Z$/);
    expect(study.consent.status).toBe("none");
  });

  it("refuses bad input with a message naming the field, and saves nothing", async () => {
    const { jobId } = await deliveredJob();
    const empty = await call("POST", "/api/admin/case-studies", admin, { jobId, title: "  ", figures: [{ label: "", value: "3" }] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({ title: caseStudyMessages.title, "figures.0.label": caseStudyMessages.figureLabel });
    const noJob = await call("POST", "/api/admin/case-studies", admin, {});
    expect(noJob.statusCode).toBe(400);
    expect(noJob.json().errors).toMatchObject({ jobId: caseStudyMessages.jobId });
    const { before: foreign } = await deliveredJob();
    const notOwn = await call("POST", "/api/admin/case-studies", admin, { jobId, beforeMediaId: foreign });
    expect(notOwn.statusCode).toBe(400);
    expect(notOwn.json().errors).toEqual({ beforeMediaId: caseStudyMessages.media });
    expect(await t.database.db.select().from(caseStudies).where(eq(caseStudies.jobId, jobId))).toEqual([]);
    const decision = await consent(jobId, { decision: "maybe" });
    expect(decision.statusCode).toBe(400);
    expect(decision.json().errors).toMatchObject({ decision: caseStudyMessages.decision });
  });

  it("goes public only once consented and shown; an edit voids the consent; a withdrawal takes it and its pictures off at once", async () => {
    await t.database.db.update(users).set({ company: "Sunfield Solar" }).where(eq(users.id, customer.user.id));
    const { jobId } = await deliveredJob();
    const study = await create({ jobId, title: "Depot roof, 40 hotspots in a morning", summary: "Thermal pass.\n\nRepairs planned." });
    const mediaUrl = `/api/case-studies/${study.id}/media/after-480.webp`;

    // Not asked yet: the customer sees nothing to answer, and it cannot be shown.
    expect((await call("GET", `/api/jobs/${jobId}/case-study`, customer)).json().data).toBeNull();
    expect((await call("PATCH", `/api/admin/case-studies/${study.id}`, admin, { shown: true })).statusCode).toBe(409);

    const asked = await call("POST", `/api/admin/case-studies/${study.id}/consent-request`, admin);
    expect(asked.json().data.consent.status).toBe("requested");
    const outbox = (await call("GET", "/api/admin/outbox", admin)).json().data as OutboxMail[];
    expect(outbox.some((mail) => mail.to.includes(customer.user.email) && mail.subject.startsWith("May we show"))).toBe(true);

    const seen = (await call("GET", `/api/jobs/${jobId}/case-study`, customer)).json().data as CustomerCaseStudy;
    expect(seen.preview.title).toBe(study.title);
    expect(seen.namedAs).toBe("Sunfield Solar");
    const granted = await consent(jobId, { decision: "grant", showName: true });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data.consent).toMatchObject({ status: "granted", showName: true });
    expect(await publicTitles()).not.toContain(study.title);
    expect((await call("GET", mediaUrl)).statusCode).toBe(404);

    const shown = await call("PATCH", `/api/admin/case-studies/${study.id}`, admin, { shown: true });
    expect(shown.json()).toMatchObject({ message: "Shown on the site", data: { public: true } });
    const cards = (await call("GET", "/api/case-studies")).json().data as CaseStudyCard[];
    expect(cards.find((card) => card.id === study.id)).toMatchObject({ customerLabel: "Sunfield Solar", service: "solar" });
    const picture = await call("GET", mediaUrl);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/webp");
    expect(await publicTitles("?service=agriculture")).not.toContain(study.title);
    expect(await publicTitles("?service=solar")).toContain(study.title);

    // The customer consented to these words: new ones need a new consent.
    const edited = await call("PATCH", `/api/admin/case-studies/${study.id}`, admin, { title: "Depot roof, 41 hotspots" });
    expect(edited.json()).toMatchObject({ data: { consent: { status: "none" }, shown: false, public: false } });
    expect(await publicTitles()).not.toContain("Depot roof, 41 hotspots");
    expect((await call("GET", mediaUrl)).statusCode).toBe(404);

    await call("POST", `/api/admin/case-studies/${study.id}/consent-request`, admin);
    expect((await consent(jobId, { decision: "grant", showName: false })).statusCode).toBe(200);
    await call("PATCH", `/api/admin/case-studies/${study.id}`, admin, { shown: true });
    const anonymous = ((await call("GET", "/api/case-studies")).json().data as CaseStudyCard[]).find((card) => card.id === study.id);
    expect(anonymous?.customerLabel).toMatch(/^a solar site of [\d.]+ acres$/);
    expect((await call("GET", mediaUrl)).statusCode).toBe(200);

    const withdrawn = await consent(jobId, { decision: "withdraw" });
    expect(withdrawn.json()).toMatchObject({ message: "Withdrawn: it is off the site", data: { consent: { status: "withdrawn" } } });
    expect(await publicTitles()).not.toContain("Depot roof, 41 hotspots");
    expect((await call("GET", mediaUrl)).statusCode).toBe(404);
    expect((await consent(jobId, { decision: "withdraw" })).statusCode).toBe(409);
  });

  it("deletes one: gone from the back office", async () => {
    const { jobId } = await deliveredJob();
    const study = await create({ jobId });
    expect((await call("DELETE", `/api/admin/case-studies/${study.id}`, admin)).statusCode).toBe(200);
    const list = (await call("GET", "/api/admin/case-studies", admin)).json().data as AdminCaseStudy[];
    expect(list.map((row) => row.id)).not.toContain(study.id);
  });
});
