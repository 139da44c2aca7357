import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateAnswerMessages, estimateMessages } from "@common/estimates";
import { moneyMessages } from "@common/money";
import { estimateLines, estimates } from "../../db/schema";
import { textOf } from "../../pdf/testing/poppler";
import type { TestUser } from "../../testing/factories";
import { businessDay, ESTIMATE_ENV, estimateDriver, JOURNEY_AS_SENT, journeyEstimate, pdfAttachmentOf } from "../../testing/estimates";
import { type jobDriver, jobsAppWithMail } from "../../testing/jobs";
import type { startSmtpPeer } from "../../testing/smtp-peer";
import type { TestApp } from "../../testing/test-app";

describe("POST /api/admin/estimates", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser;
  let drive: ReturnType<typeof jobDriver>;
  let estimatesApi: ReturnType<typeof estimateDriver>;
  beforeAll(async () => {
    ({
      smtp,
      t,
      users: [admin, customer, pilot],
      drive,
    } = await jobsAppWithMail(ESTIMATE_ENV));
    estimatesApi = estimateDriver(t, admin);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const storedRevisions = (jobId: number) => t.database.db.select().from(estimates).where(eq(estimates.jobId, jobId));

  /** The mail to `address` whose raw text matches every pattern, once it has arrived. */
  const mailTo = async (address: string, ...patterns: RegExp[]) => {
    const find = () => smtp.inbox.find((mail) => mail.to.split(",").includes(address) && patterns.every((pattern) => pattern.test(mail.raw)));
    await expect.poll(() => find() !== undefined, { timeout: 10_000 }).toBe(true);
    return find()!.raw;
  };

  it("who may call: a visitor 401, a customer or a pilot 403, an admin 201; nothing is stored on a refusal", async () => {
    const { jobId } = await drive.requestQuote(customer);
    const body = journeyEstimate(jobId);
    expect((await t.app.inject({ method: "POST", url: "/api/admin/estimates", payload: body })).statusCode).toBe(401);
    expect((await estimatesApi.post(body, customer)).statusCode).toBe(403);
    expect((await estimatesApi.post(body, pilot)).statusCode).toBe(403);
    expect(await storedRevisions(jobId)).toEqual([]);
    expect((await estimatesApi.post(body)).statusCode).toBe(201);
  });

  it("prices two lines, an optional one and a 30 % deposit on the server, ignoring every figure the browser sends", async () => {
    const { jobId } = await drive.requestQuote(customer);
    const forged = {
      ...journeyEstimate(jobId),
      subtotal: 1,
      tax: 1,
      total: 1,
      depositAmount: 1,
      lines: journeyEstimate(jobId).lines.map((line) => ({ ...line, amount: 1 })),
    };
    const res = await estimatesApi.post(forged);
    expect(res.statusCode).toBe(201);
    const estimate = res.json().data;
    expect(estimate).toMatchObject({
      jobId,
      number: jobId,
      revision: 1,
      status: "sent",
      currency: "usd",
      taxRateBasisPoints: 825,
      depositPercent: 30,
      depositPaid: 0,
      depositDue: 0,
      customer: { id: customer.user.id, name: "Test Pilot", email: customer.user.email },
      response: null,
      ...JOURNEY_AS_SENT,
    });
    expect(
      estimate.lines.map((line: { amount: number; quantity: number; optional: boolean; position: number }) => [
        line.position,
        line.quantity,
        line.amount,
        line.optional,
      ]),
    ).toEqual([
      [1, 40, 180_000, false],
      [2, 2.5, 8_333, false],
      [3, 1, 35_000, true],
    ]);
    // Quantities are kept in thousandths.
    const stored = await t.database.db.select({ quantity: estimateLines.quantity }).from(estimateLines).where(eq(estimateLines.estimateId, estimate.id));
    expect(stored.map((line) => line.quantity).sort((a, b) => a - b)).toEqual([1_000, 2_500, 40_000]);
  });

  it("answers the quote request: a pending quote becomes accepted without a price, the job stays requested, its history names the estimate", async () => {
    const { quoteId, jobId } = await drive.requestQuote(customer);
    await estimatesApi.send(jobId);
    const job = await drive.read(jobId);
    expect(job).toMatchObject({ status: "requested", quote: { id: quoteId, status: "accepted", price: null } });
    expect(job.events.at(-1)).toMatchObject({ kind: "noted", from: null, to: "requested", note: `Estimate #${jobId} sent`, by: admin.user.id });
  });

  it("a revision supersedes the estimate waiting for an answer and keeps both, numbered by the job", async () => {
    const { jobId } = await drive.requestQuote(customer);
    const first = await estimatesApi.send(jobId);
    const second = await estimatesApi.send(jobId, { discount: 0 });
    expect(second).toMatchObject({ revision: 2, status: "sent", number: jobId, discount: 0 });
    expect(second.revisions.map((revision) => [revision.id, revision.revision, revision.status])).toEqual([
      [first.id, 1, "superseded"],
      [second.id, 2, "sent"],
    ]);
    expect((await estimatesApi.read(first.id)).json().data).toMatchObject({ status: "superseded", ...JOURNEY_AS_SENT });
    expect((await drive.read(jobId)).events.at(-1)?.note).toBe(`Estimate #${jobId} (revision 2) sent`);

    // Changes requested: the next revision supersedes that one too.
    expect((await estimatesApi.answer(second.id, "request-changes", customer, { comment: "Drop the crew line" })).statusCode).toBe(200);
    const third = await estimatesApi.send(jobId, { lines: journeyEstimate(jobId).lines.filter((line) => !line.description.startsWith("Flight crew")) });
    expect(third.revisions.map((revision) => revision.status)).toEqual(["superseded", "superseded", "sent"]);
  });

  it("after a decline the business may send a new revision; the declined one is kept as it was", async () => {
    const { jobId } = await drive.requestQuote(customer);
    const declined = await estimatesApi.send(jobId);
    expect((await estimatesApi.answer(declined.id, "decline", customer, { reason: "Too dear" })).statusCode).toBe(200);
    const next = await estimatesApi.send(jobId, { discount: 10_000 });
    expect(next.revisions.map((revision) => [revision.revision, revision.status])).toEqual([
      [1, "declined"],
      [2, "sent"],
    ]);
  });

  it("an accepted estimate is not revised (409), nothing changed", async () => {
    const { jobId } = await drive.requestQuote(customer);
    await estimatesApi.accept(await estimatesApi.send(jobId), customer);
    const before = await storedRevisions(jobId);
    const res = await estimatesApi.post(journeyEstimate(jobId));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(estimateAnswerMessages.acceptedNotRevisable);
    expect(await storedRevisions(jobId)).toEqual(before);
  });

  it("a closed or cancelled job gets no estimate (409 naming jobId); an unknown job is 404", async () => {
    const cancelled = await drive.jobAt(customer, "cancelled");
    const res = await estimatesApi.post(journeyEstimate(cancelled));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: estimateAnswerMessages.jobSettled, errors: { jobId: estimateAnswerMessages.jobSettled } });
    expect(await storedRevisions(cancelled)).toEqual([]);
    expect((await estimatesApi.post(journeyEstimate(2_000_000))).statusCode).toBe(404);
  });

  describe("bad input: 400 naming the field, nothing stored", () => {
    const line = (changes: object) => ({ lines: [{ description: "Thermal inspection", quantity: 40, unit: "acre", unitPrice: 4_500, ...changes }] });
    it.each([
      ["a negative price", line({ unitPrice: -1 }), "lines.0.unitPrice", estimateMessages.unitPrice],
      ["a fractional-cent price", line({ unitPrice: 10.5 }), "lines.0.unitPrice", estimateMessages.unitPrice],
      ["a quantity of 0", line({ quantity: 0 }), "lines.0.quantity", estimateMessages.quantity],
      ["a deposit above the total", { deposit: { amount: 198_459 } }, "deposit.amount", moneyMessages.depositAboveTotal],
      ["a discount above the subtotal", { discount: 188_334 }, "discount", moneyMessages.discountAboveSubtotal],
      ["a valid-until day in the past", { validUntil: businessDay(-1) }, "validUntil", estimateMessages.validUntilPast],
    ])("%s", async (_name, changes, field, message) => {
      const { jobId } = await drive.requestQuote(customer);
      const res = await estimatesApi.post({ ...journeyEstimate(jobId), ...changes });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ [field]: message });
      expect(await storedRevisions(jobId)).toEqual([]);
      expect((await drive.read(jobId)).quote).toMatchObject({ status: "pending" });
    });

    it("takes a deposit equal to the total, and today as the last valid day", async () => {
      const { jobId } = await drive.requestQuote(customer);
      const estimate = await estimatesApi.send(jobId, { deposit: { amount: JOURNEY_AS_SENT.total }, validUntil: businessDay(0) });
      expect(estimate).toMatchObject({ depositAmount: JOURNEY_AS_SENT.total, depositPercent: null, status: "sent" });
    });
  });

  it("mails the customer the estimate with its PDF attached and the link to answer it", async () => {
    const { jobId } = await drive.requestQuote(customer);
    const estimate = await estimatesApi.send(jobId);
    const raw = await mailTo(customer.user.email, new RegExp(`Subject: Estimate #${jobId} from SkyVantage`));
    expect(raw).toContain(`/dashboard/estimates/${estimate.id}`);
    // Greeted as every mail greets (common/person-name.ts): the factories' accounts are Test Pilot.
    expect(raw).toContain("Hello Test,");
    expect(raw).toContain("Content-Type: application/pdf");
    const filename = `estimate-${jobId}-rev-1.pdf`;
    expect(raw).toContain(filename);
    const text = await textOf(pdfAttachmentOf(raw));
    expect(text).toContain(`Estimate #${jobId}`);
    expect(text).toContain("Total $1,984.58");
    expect(text).toContain("Deposit due on acceptance (30%) $595.37");
  });
});
