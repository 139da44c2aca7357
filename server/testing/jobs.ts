import { formatQuoteMessage } from "@common/quotes";
import type { Job, JobDetail } from "@common/contract/jobs";
import { type CreateJobInput, type UpdateJobInput } from "@common/jobs";
import { type JobStatus, JOB_TRANSITIONS } from "@common/job-status";
import { appWithUsers, type TestUser } from "./factories";
import { startSmtpPeer } from "./smtp-peer";
import type { TestApp } from "./test-app";

/** A flight window an hour long, `daysAhead` days from now. */
export function windowOf(daysAhead: number) {
  const start = new Date(Date.now() + daysAhead * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  return { scheduledStart: start.toISOString(), scheduledEnd: new Date(start.getTime() + 3_600_000).toISOString() };
}

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

/** Drives the jobs API as the business would: quote requests, jobs opened by an admin, moves. */
export function jobDriver(t: TestApp, admin: TestUser, pilot: TestUser, serviceId: number) {
  const inject = (method: "GET" | "POST" | "PATCH", url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const patch = (id: number, payload: object, user: TestUser = admin) => inject("PATCH", `/api/admin/jobs/${id}`, user, payload);

  /** A customer's quote request: its job, requested. */
  const requestQuote = async (customer: TestUser) => {
    const res = await inject("POST", "/api/contact", customer, {
      name: "Customer",
      email: customer.user.email,
      service: "solar",
      message: formatQuoteMessage({ serviceType: "solar", description: "Survey 40 acres" }),
    });
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
