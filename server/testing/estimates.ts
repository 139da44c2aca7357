import type { Estimate } from "@common/contract/estimates";
import { addDays, calendarDateIn } from "@common/calendar-date";
import type { TestUser } from "./factories";
import type { TestApp } from "./test-app";

/** What the estimate tests run the app with: a tax rate that makes the rounding rule show, and the business's own day. */
export const ESTIMATE_ENV = { TAX_RATE: "8.25", BUSINESS_TIME_ZONE: "America/Chicago" } as const;

/** A day `days` from the business's today (America/Chicago). */
export const businessDay = (days: number) => addDays(calendarDateIn(ESTIMATE_ENV.BUSINESS_TIME_ZONE), days);

/**
 * The estimate the quote-to-cash journey sends, accepts and pays: two lines (40 acres at $45.00,
 * 2.5 hours at $33.33), one optional map at $350.00, a $50.00 discount and a 30 % deposit. At
 * 8.25 % tax the server makes of it: as sent, subtotal $1,883.33, tax $151.25, total $1,984.58,
 * deposit $595.37; with the map ticked, subtotal $2,233.33, tax $180.12, total $2,363.45 and a
 * deposit of $709.035, rounded half up to $709.04.
 */
export const journeyEstimate = (jobId: number) => ({
  jobId,
  lines: [
    { description: "Thermal inspection", quantity: 40, unit: "acre", unitPrice: 4_500 },
    { description: "Flight crew, half day", quantity: 2.5, unit: "hour", unitPrice: 3_333 },
    { description: "Orthomosaic map", quantity: 1, unit: "", unitPrice: 35_000, optional: true },
  ],
  discount: 5_000,
  deposit: { percent: 30 },
  validUntil: businessDay(30),
  note: "Flights are planned for dry mornings.",
});

export const JOURNEY_AS_SENT = { subtotal: 188_333, discount: 5_000, tax: 15_125, total: 198_458, depositAmount: 59_537 } as const;
export const JOURNEY_WITH_MAP = { subtotal: 223_333, tax: 18_012, total: 236_345, depositAmount: 70_904 } as const;

/** Drives the estimate API: the admin sends, the customer reads and answers. */
export function estimateDriver(t: TestApp, admin: TestUser) {
  const call = (method: "GET" | "POST", url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie, "user-agent": "EstimateTest/1.0" } : {}, ...(payload ? { payload } : {}) });

  /** POST /api/admin/estimates as `user` (the admin by default). */
  const post = (body: object, user: TestUser = admin) => call("POST", "/api/admin/estimates", user, body);

  /** The journey's estimate (with `changes`) sent for `jobId`: the stored revision as answered. */
  const send = async (jobId: number, changes: object = {}): Promise<Estimate> => {
    const res = await post({ ...journeyEstimate(jobId), ...changes });
    if (res.statusCode !== 201) throw new Error(`sending the estimate failed: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };

  const read = (id: number, user: TestUser = admin) => call("GET", `/api/estimates/${id}`, user);
  const answer = (id: number, kind: "accept" | "request-changes" | "decline", user?: TestUser, body: object = {}) =>
    call("POST", `/api/estimates/${id}/${kind}`, user, body);

  /** The customer accepts `estimate`, ticking its optional lines (all of them unless told), signing "Test Pilot". */
  const accept = async (
    estimate: Estimate,
    customer: TestUser,
    optionalLineIds = estimate.lines.filter((line) => line.optional).map((line) => line.id),
  ): Promise<Estimate> => {
    const res = await answer(estimate.id, "accept", customer, { signatureName: "Test Pilot", optionalLineIds });
    if (res.statusCode !== 200) throw new Error(`accepting failed: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };

  return { call, post, send, read, answer, accept };
}

/** The bytes of the PDF a raw mail (as the SMTP peer received it) carries: its application/pdf part, base64-decoded. */
export function pdfAttachmentOf(raw: string): Buffer {
  const part = raw.split(/Content-Type: application\/pdf/i)[1];
  if (part === undefined) throw new Error("the mail carries no PDF");
  const body = part.split(/\r?\n\r?\n/)[1]?.split(/\r?\n--/)[0];
  if (!body) throw new Error("the PDF part is empty");
  return Buffer.from(body.replace(/\s+/g, ""), "base64");
}
