import { eq } from "drizzle-orm";
import { formatQuoteMessage, type QuoteForm } from "@common/quotes";
import type { Job, JobDetail } from "@common/contract/jobs";
import { type CreateJobInput, type UpdateJobInput } from "@common/jobs";
import { type JobStatus, JOB_TRANSITIONS } from "@common/job-status";
import { services } from "../db/schema";
import { type AppWithUsers, appWithUsers, appWithUsersForTests, type Person, type TestUser } from "./factories";
import { startSmtpPeer } from "./smtp-peer";
import type { TestApp } from "./test-app";

/** A flight window an hour long, `daysAhead` days from now. */
export function windowOf(daysAhead: number) {
  const start = new Date(Date.now() + daysAhead * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  return { scheduledStart: start.toISOString(), scheduledEnd: new Date(start.getTime() + 3_600_000).toISOString() };
}

/** A site's closed ring of about 95 m × 110 m at 97° W, 32° N: a boundary any job may be given. */
export const SMALL_SITE_RING = [
  [-97, 32],
  [-96.999, 32],
  [-96.999, 32.001],
  [-97, 32.001],
  [-97, 32],
];

/** A PATCH body that carries what a move to `to` needs, so only the transition itself can be refused. */
export function moveBody(to: JobStatus, pilotId: number): UpdateJobInput {
  switch (to) {
    case "scheduled":
      return { status: to, ...windowOf(3), timeZone: "Europe/Paris", pilotId, reason: "Weather hold" };
    case "flown":
      return { status: to, flight: { flownOn: "2026-11-02", durationMinutes: 40, aircraft: "M30T", wind: "3 m/s" } };
    case "cancelled":
      return { status: to, reason: "Site closed" };
    default:
      return { status: to };
  }
}

/** The way forward from accepted to each state (cancelled straight from accepted). */
const PATH_FROM_ACCEPTED: Record<Exclude<JobStatus, "requested">, JobStatus[]> = {
  accepted: [],
  scheduled: ["scheduled"],
  flown: ["scheduled", "flown"],
  processing: ["scheduled", "flown", "processing"],
  delivered: ["scheduled", "flown", "processing", "delivered"],
  closed: ["scheduled", "flown", "processing", "delivered", "closed"],
  cancelled: ["cancelled"],
};

/**
 * A quote request as the signed-in customer's quote form sends it: POST /api/contact with the
 * account's email and the quote's fields written as formatQuoteMessage writes them.
 */
export const postQuoteRequest = (t: TestApp, customer: TestUser, quote: QuoteForm, name = "Customer") =>
  t.app.inject({
    method: "POST",
    url: "/api/contact",
    headers: { cookie: customer.cookie },
    payload: { name, email: customer.user.email, service: quote.serviceType, message: formatQuoteMessage(quote) },
  });

/** Drives the jobs API as the business would: quote requests, jobs opened by an admin, moves. */
export function jobDriver(t: TestApp, admin: TestUser, pilot: TestUser, serviceId: number) {
  const inject = (method: "GET" | "POST" | "PATCH", url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const patch = (id: number, payload: object, user: TestUser = admin) => inject("PATCH", `/api/admin/jobs/${id}`, user, payload);

  /** A customer's quote request: its job, requested. */
  const requestQuote = async (customer: TestUser) => {
    const res = await postQuoteRequest(t, customer, { serviceType: "solar", description: "Survey 40 acres" });
    if (res.statusCode !== 201) throw new Error(`quote request failed: ${res.statusCode} ${res.body}`);
    const quoteId = res.json().data.quoteId as number;
    const jobs = (await inject("GET", "/api/jobs", customer)).json().data as Job[];
    const job = jobs.find((candidate) => candidate.quoteId === quoteId);
    if (!job) throw new Error("the quote request opened no job");
    return { quoteId, jobId: job.id };
  };

  /** A job an admin opened for the customer and moved to `status`. */
  const jobAt = async (customer: TestUser, status: JobStatus): Promise<number> => {
    if (status === "requested") return (await requestQuote(customer)).jobId;
    const opening: CreateJobInput = {
      userId: customer.user.id,
      serviceId,
      title: "Roof survey",
      site: { name: "Depot", address: "1 Quay St", latitude: 48.85, longitude: 2.35 },
    };
    const created = await inject("POST", "/api/admin/jobs", admin, opening);
    if (created.statusCode !== 201) throw new Error(`opening a job failed: ${created.statusCode} ${created.body}`);
    const id = created.json().data.id as number;
    for (const step of PATH_FROM_ACCEPTED[status]) {
      const moved = await patch(id, moveBody(step, pilot.user.id));
      if (moved.statusCode !== 200) throw new Error(`moving to ${step} failed: ${moved.statusCode} ${moved.body}`);
    }
    return id;
  };

  /** GET /api/jobs/:id as `user` sees it. */
  const read = async (id: number, user: TestUser = admin): Promise<JobDetail> => (await inject("GET", `/api/jobs/${id}`, user)).json().data;

  return { inject, patch, requestQuote, jobAt, read };
}

export type JobDriver = ReturnType<typeof jobDriver>;

/**
 * appWithUsersForTests for tests that drive jobs: `take` receives with the app the driver whose admin
 * is the first admin of `people` and whose pilot is the first pilot (both must be there).
 */
export function jobsAppForTests<const P extends readonly Person[]>(people: P, take: (made: AppWithUsers<P> & { drive: JobDriver }) => unknown): void;
export function jobsAppForTests<const P extends readonly Person[]>(
  people: P,
  env: Record<string, string>,
  take: (made: AppWithUsers<P> & { drive: JobDriver }) => unknown,
): void;
export function jobsAppForTests<const P extends readonly Person[]>(
  people: P,
  ...rest: [(made: AppWithUsers<P> & { drive: JobDriver }) => unknown] | [Record<string, string>, (made: AppWithUsers<P> & { drive: JobDriver }) => unknown]
): void {
  const [env, take] = rest.length === 1 ? [{}, rest[0]] : rest;
  appWithUsersForTests(people, env, (made) => {
    const [admin, pilot] = (["admin", "pilot"] as const).map((role) => made.users[people.indexOf(role)]);
    if (!admin || !pilot) throw new Error("jobsAppForTests needs an admin and a pilot");
    return take({ ...made, drive: jobDriver(made.t, admin, pilot, made.serviceId) });
  });
}

/** Every [from, to] the state machine allows, and every one it refuses. */
export const LEGAL_MOVES = Object.entries(JOB_TRANSITIONS).flatMap(([from, targets]) => targets.map((to) => [from, to] as [JobStatus, JobStatus]));

/**
 * An app whose mail reaches a real SMTP peer, with an admin, a customer and a pilot and a job
 * driver for them: what the job mail and reminder tests start from. The caller closes both.
 */
export async function jobsAppWithMail(env: Record<string, string> = {}) {
  const smtp = await startSmtpPeer();
  const { t, users, serviceId } = await appWithUsers(["admin", "customer", "pilot"], { SMTP_URL: smtp.url, ...env });
  const [admin, , pilot] = users;
  return { smtp, t, users, drive: jobDriver(t, admin, pilot, serviceId) };
}

/**
 * A delivered job of `customer`'s on the seeded service of `category` (inspection findings are a
 * solar or an agriculture job's), opened by `admin` and flown by `pilot`; with that service's id and
 * the driver.
 */
export async function deliveredJobIn(category: "solar" | "agriculture", t: TestApp, admin: TestUser, pilot: TestUser, customer: TestUser) {
  const [service] = await t.database.db.select({ id: services.id }).from(services).where(eq(services.category, category));
  if (!service) throw new Error(`no ${category} service is seeded`);
  const drive = jobDriver(t, admin, pilot, service.id);
  return { serviceId: service.id, drive, jobId: await drive.jobAt(customer, "delivered") };
}
