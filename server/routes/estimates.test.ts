import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Estimate } from "@common/contract/estimates";
import { estimateAnswerMessages } from "@common/estimates";
import { estimateLines, estimateResponses, estimates, jobs } from "../db/schema";
import { textOf } from "../pdf/testing/poppler";
import { acceptedContent, acceptedSha256 } from "../estimates/digest";
import { paidDeposit } from "../testing/billing";
import { registerUser, type TestUser } from "../testing/factories";
import { businessDay, ESTIMATE_ENV, estimateDriver, JOURNEY_AS_SENT, JOURNEY_WITH_MAP } from "../testing/estimates";
import { type jobDriver, jobsAppWithMail } from "../testing/jobs";
import type { startSmtpPeer } from "../testing/smtp-peer";
import type { TestApp } from "../testing/test-app";

describe("a customer's estimates", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser, other: TestUser;
  let drive: ReturnType<typeof jobDriver>;
  let api: ReturnType<typeof estimateDriver>;
  beforeAll(async () => {
    ({
      smtp,
      t,
      users: [admin, customer, pilot],
      drive,
    } = await jobsAppWithMail(ESTIMATE_ENV));
    other = await registerUser(t);
    api = estimateDriver(t, admin);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A quote request's job with the journey's estimate sent. */
  const sentEstimate = async (changes: object = {}) => {
    const { jobId, quoteId } = await drive.requestQuote(customer);
    return { jobId, quoteId, estimate: await api.send(jobId, changes) };
  };
  const responseOf = async (id: number) => (await t.database.db.select().from(estimateResponses).where(eq(estimateResponses.estimateId, id)))[0];
  const mailTo = async (address: string, ...patterns: RegExp[]) => {
    const find = () => smtp.inbox.find((mail) => mail.to.split(",").includes(address) && patterns.every((pattern) => pattern.test(mail.raw)));
    await expect.poll(() => find() !== undefined, { timeout: 10_000 }).toBe(true);
    return find()!.raw;
  };

  describe("reading: its customer and the admins; anyone else 404, a visitor 401", () => {
    it("GET /api/estimates/:id and its PDF", async () => {
      const { estimate } = await sentEstimate();
      for (const url of [`/api/estimates/${estimate.id}`, `/api/estimates/${estimate.id}/pdf`]) {
        expect((await api.call("GET", url)).statusCode).toBe(401);
        expect((await api.call("GET", url, other)).statusCode).toBe(404);
        expect((await api.call("GET", url, pilot)).statusCode).toBe(404);
        expect((await api.call("GET", url, customer)).statusCode).toBe(200);
        expect((await api.call("GET", url, admin)).statusCode).toBe(200);
      }
      expect((await api.call("GET", "/api/estimates/2000000", admin)).statusCode).toBe(404);
    });

    it("GET /api/estimates: a customer's own, an admin's any, by job; newest revision first", async () => {
      const { jobId, estimate: first } = await sentEstimate();
      const second = await api.send(jobId, { discount: 0 });
      expect((await api.call("GET", "/api/estimates")).statusCode).toBe(401);
      const own = (await api.call("GET", `/api/estimates?jobId=${jobId}`, customer)).json().data as Estimate[];
      expect(own.map((estimate) => [estimate.id, estimate.status])).toEqual([
        [second.id, "sent"],
        [first.id, "superseded"],
      ]);
      expect((await api.call("GET", "/api/estimates", other)).json().data).toEqual([]);
      expect((await api.call("GET", `/api/estimates?jobId=${jobId}`, other)).json().data).toEqual([]);
      expect(
        ((await api.call("GET", "/api/estimates", customer)).json().data as Estimate[]).every((estimate) => estimate.customer.id === customer.user.id),
      ).toBe(true);
      expect(((await api.call("GET", `/api/estimates?jobId=${jobId}`, admin)).json().data as Estimate[]).map((estimate) => estimate.id)).toEqual([
        second.id,
        first.id,
      ]);
      expect((await api.call("GET", "/api/estimates?jobId=abc", customer)).statusCode).toBe(400);
    });

    it("the PDF downloads as estimate-<number>-rev-<n>.pdf and reads back with the server's figures", async () => {
      const { jobId, estimate } = await sentEstimate();
      const res = await api.call("GET", `/api/estimates/${estimate.id}/pdf`, customer);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-disposition"]).toBe(`attachment; filename="estimate-${jobId}-rev-1.pdf"`);
      const text = await textOf(res.rawPayload);
      for (const expected of [
        `Estimate #${jobId}`,
        "Thermal inspection 40 acre $45.00 $1,800.00",
        "Flight crew, half day 2.5 hour $33.33 $83.33",
        "Orthomosaic map 1 $350.00 $350.00\nOptional item: counted only if chosen",
        "Subtotal $1,883.33",
        "Discount -$50.00",
        "Tax (8.25%) $151.25",
        "Total $1,984.58",
        "Deposit due on acceptance (30%) $595.37",
        "Flights are planned for dry mornings.",
      ]) {
        expect(text).toContain(expected);
      }
    });

    it("the PDF draws a job title, site and line stored with line breaks and control characters (before the one-line rule) on one line each", async () => {
      const { jobId, estimate } = await sentEstimate();
      // Straight into the database: the API refuses these now, but rows stored earlier keep them.
      await t.database.db.update(jobs).set({ title: "Roof\r\nsurvey\u0007 north", siteName: "Depot\nEast", siteAddress: "" }).where(eq(jobs.id, jobId));
      await t.database.db
        .update(estimateLines)
        .set({ description: "Thermal\r\ninspection\u001b east" })
        .where(eq(estimateLines.description, "Thermal inspection"));
      const res = await api.call("GET", `/api/estimates/${estimate.id}/pdf`, customer);
      expect(res.statusCode).toBe(200);
      // Laid out as printed: a value broken over two lines would not read as one here.
      const text = await textOf(res.rawPayload);
      for (const expected of ["Roof survey north", "Depot East", "Thermal inspection east 40 acre $45.00 $1,800.00"]) expect(text).toContain(expected);
    });

    it("shows a revision still waiting after its valid-until day (in the business's zone) as expired", async () => {
      const { estimate } = await sentEstimate();
      await t.database.db
        .update(estimates)
        .set({ validUntil: businessDay(-1) })
        .where(eq(estimates.id, estimate.id));
      expect((await api.read(estimate.id, customer)).json().data).toMatchObject({ status: "expired", revisions: [{ id: estimate.id, status: "expired" }] });
    });
  });

  describe("accepting", () => {
    it("keeps the signature record, the ticked option's figures and a SHA-256 of exactly what was accepted; the job and its deposit follow", async () => {
      const { jobId, quoteId, estimate } = await sentEstimate();
      const map = estimate.lines.find((line) => line.optional)!;
      const before = new Date();
      const res = await api.answer(estimate.id, "accept", customer, { signatureName: "  Test Pilot ", optionalLineIds: [map.id] });
      const after = new Date();
      expect(res.statusCode).toBe(200);
      const accepted = res.json().data as Estimate;
      expect(accepted).toMatchObject({
        status: "accepted",
        ...JOURNEY_AS_SENT,
        depositPaid: 0,
        depositDue: JOURNEY_WITH_MAP.depositAmount,
        response: {
          answer: "accepted",
          signatureName: "Test Pilot",
          optionalLineIds: [map.id],
          acceptedSubtotal: JOURNEY_WITH_MAP.subtotal,
          acceptedTax: JOURNEY_WITH_MAP.tax,
          acceptedTotal: JOURNEY_WITH_MAP.total,
          acceptedDepositAmount: JOURNEY_WITH_MAP.depositAmount,
        },
      });
      const stored = await responseOf(estimate.id);
      expect(stored).toMatchObject({
        userId: customer.user.id,
        signatureName: "Test Pilot",
        ipAddress: "127.0.0.1",
        userAgent: "EstimateTest/1.0",
        optionalLineIds: [map.id],
      });
      expect(stored!.signedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
      expect(stored!.signedAt!.getTime()).toBeLessThanOrEqual(after.getTime());
      // Recomputed from the revision as read back: the same text and figures give the same hash, another figure another.
      const figures = {
        subtotal: JOURNEY_WITH_MAP.subtotal,
        tax: JOURNEY_WITH_MAP.tax,
        total: JOURNEY_WITH_MAP.total,
        depositAmount: JOURNEY_WITH_MAP.depositAmount,
      };
      expect(stored!.acceptedSha256).toBe(acceptedSha256(acceptedContent(accepted, [map.id], figures)));
      expect(stored!.acceptedSha256).toMatch(/^[0-9a-f]{64}$/);
      expect(stored!.acceptedSha256).not.toBe(acceptedSha256(acceptedContent(accepted, [], figures)));
      expect(stored!.acceptedSha256).not.toBe(acceptedSha256(acceptedContent({ ...accepted, note: "" }, [map.id], figures)));

      const job = await drive.read(jobId);
      expect(job).toMatchObject({ status: "accepted", quote: { id: quoteId, status: "accepted" } });
      expect(job.events.at(-1)).toMatchObject({
        from: "requested",
        to: "accepted",
        by: customer.user.id,
        note: `Estimate accepted: Estimate #${jobId}, signed by Test Pilot`,
      });

      const pdf = await textOf((await api.call("GET", `/api/estimates/${estimate.id}/pdf`, customer)).rawPayload);
      for (const expected of [
        `Estimate #${jobId} ACCEPTED`,
        "Orthomosaic map 1 $350.00 $350.00\nOptional item, chosen",
        "Subtotal $2,233.33",
        "Tax (8.25%) $180.12",
        "Total $2,363.45",
        "Deposit due on acceptance (30%) $709.04",
        "Accepted by Test Pilot on",
      ]) {
        expect(pdf).toContain(expected);
      }
    });

    it("without ticking the option: the figures as sent", async () => {
      const { estimate } = await sentEstimate();
      const accepted = await api.accept(estimate, customer, []);
      expect(accepted.response).toMatchObject({
        optionalLineIds: [],
        acceptedSubtotal: JOURNEY_AS_SENT.subtotal,
        acceptedTotal: JOURNEY_AS_SENT.total,
        acceptedDepositAmount: JOURNEY_AS_SENT.depositAmount,
      });
      expect(accepted.depositDue).toBe(JOURNEY_AS_SENT.depositAmount);
    });

    it("counts a succeeded deposit payment: depositPaid, and nothing left due", async () => {
      const { estimate } = await sentEstimate();
      const accepted = await api.accept(estimate, customer);
      await paidDeposit(t.database.db, {
        userId: customer.user.id,
        amount: accepted.depositDue,
        providerPaymentId: `demo_estimate_${estimate.id}`,
        estimateId: estimate.id,
      });
      expect((await api.read(estimate.id, customer)).json().data).toMatchObject({ depositPaid: JOURNEY_WITH_MAP.depositAmount, depositDue: 0 });
    });

    it("who may accept: its customer; another customer 404, an admin or a pilot 403, a visitor 401; nothing changed", async () => {
      const { jobId, estimate } = await sentEstimate();
      const body = { signatureName: "Test Pilot", optionalLineIds: [] };
      expect((await api.answer(estimate.id, "accept", undefined, body)).statusCode).toBe(401);
      expect((await api.answer(estimate.id, "accept", other, body)).statusCode).toBe(404);
      expect((await api.answer(estimate.id, "accept", admin, body)).statusCode).toBe(403);
      expect((await api.answer(estimate.id, "accept", pilot, body)).statusCode).toBe(403);
      expect((await api.answer(2_000_000, "accept", customer, body)).statusCode).toBe(404);
      expect(await responseOf(estimate.id)).toBeUndefined();
      expect((await drive.read(jobId)).status).toBe("requested");
    });

    it.each([
      ["an empty name", { signatureName: "", optionalLineIds: [] }, "signatureName", estimateAnswerMessages.signatureName],
      ["a one-letter name", { signatureName: " J. ", optionalLineIds: [] }, "signatureName", estimateAnswerMessages.signatureName],
    ])("refuses %s: 400 naming the field, nothing changed", async (_name, body, field, message) => {
      const { jobId, estimate } = await sentEstimate();
      const res = await api.answer(estimate.id, "accept", customer, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ [field]: message });
      expect(await responseOf(estimate.id)).toBeUndefined();
      expect((await drive.read(jobId)).status).toBe("requested");
    });

    it("refuses a line that is not this revision's optional one (a required line, another estimate's option): 400 optionalLineIds", async () => {
      const { estimate } = await sentEstimate();
      const { estimate: elsewhere } = await sentEstimate();
      const required = estimate.lines.find((line) => !line.optional)!.id;
      const foreign = elsewhere.lines.find((line) => line.optional)!.id;
      for (const id of [required, foreign]) {
        const res = await api.answer(estimate.id, "accept", customer, { signatureName: "Test Pilot", optionalLineIds: [id] });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: estimateAnswerMessages.optionalLineIds, errors: { optionalLineIds: estimateAnswerMessages.optionalLineIds } });
      }
      expect(await responseOf(estimate.id)).toBeUndefined();
    });

    it("refuses an expired revision (409), a superseded one (409) and a second answer (409)", async () => {
      const body = { signatureName: "Test Pilot", optionalLineIds: [] };
      const expired = await sentEstimate();
      await t.database.db
        .update(estimates)
        .set({ validUntil: businessDay(-1) })
        .where(eq(estimates.id, expired.estimate.id));
      const late = await api.answer(expired.estimate.id, "accept", customer, body);
      expect([late.statusCode, late.json().message]).toEqual([409, estimateAnswerMessages.expired]);
      expect(await responseOf(expired.estimate.id)).toBeUndefined();

      const { jobId, estimate: first } = await sentEstimate();
      const second = await api.send(jobId);
      const old = await api.answer(first.id, "accept", customer, body);
      expect([old.statusCode, old.json().message]).toEqual([409, estimateAnswerMessages.superseded]);

      await api.accept(second, customer, []);
      for (const [kind, answer] of [
        ["accept", body],
        ["request-changes", { comment: "More acres" }],
        ["decline", { reason: "Too dear" }],
      ] as const) {
        const again = await api.answer(second.id, kind, customer, answer);
        expect([again.statusCode, again.json().message]).toEqual([409, estimateAnswerMessages.answered]);
      }
      expect((await responseOf(second.id))?.answer).toBe("accepted");
    });

    it("two tabs accepting at once: one acceptance, the other 409 answered, the job moved once", async () => {
      const { jobId, estimate } = await sentEstimate();
      const body = { signatureName: "Test Pilot", optionalLineIds: [] };
      const answers = await Promise.all([api.answer(estimate.id, "accept", customer, body), api.answer(estimate.id, "accept", customer, body)]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      expect((await drive.read(jobId)).events.filter((event) => event.to === "accepted")).toHaveLength(1);
    });

    it("tells every admin, with the figures and the option chosen", async () => {
      const { jobId, estimate } = await sentEstimate();
      await api.accept(estimate, customer);
      const raw = await mailTo(admin.user.email, new RegExp(`Subject: Estimate #${jobId} accepted`));
      expect(raw).toContain("$2,363.45");
      expect(raw).toContain("Orthomosaic map");
      expect(raw).toContain(`/admin-dashboard/jobs/${jobId}`);
    });
  });

  describe("asking for changes and declining", () => {
    it("keeps the comment, leaves the job requested, and tells the admins", async () => {
      const { jobId, estimate } = await sentEstimate();
      expect((await api.answer(estimate.id, "request-changes", customer, { comment: "" })).json().errors).toEqual({ comment: estimateAnswerMessages.comment });
      const res = await api.answer(estimate.id, "request-changes", customer, { comment: "Could you fly it in May?" });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        status: "changes_requested",
        response: { answer: "changes_requested", comment: "Could you fly it in May?", signatureName: null, acceptedSha256: null },
      });
      expect((await drive.read(jobId)).status).toBe("requested");
      expect(await mailTo(admin.user.email, new RegExp(`Subject: Estimate #${jobId} changes requested`))).toContain("Could you fly it in May?");
    });

    it("keeps the reason of a decline, and tells the admins", async () => {
      const { jobId, estimate } = await sentEstimate();
      expect((await api.answer(estimate.id, "decline", customer, { reason: "  " })).json().errors).toEqual({ reason: estimateAnswerMessages.reason });
      const res = await api.answer(estimate.id, "decline", customer, { reason: "We found another pilot" });
      expect(res.json().data).toMatchObject({ status: "declined", response: { answer: "declined", reason: "We found another pilot" } });
      expect(await mailTo(admin.user.email, new RegExp(`Subject: Estimate #${jobId} declined`))).toContain("We found another pilot");
    });

    it.each(["request-changes", "decline"] as const)("%s: its customer only (another customer 404, staff 403, a visitor 401)", async (kind) => {
      const { estimate } = await sentEstimate();
      const body = kind === "decline" ? { reason: "No" } : { comment: "Cheaper" };
      expect((await api.answer(estimate.id, kind, undefined, body)).statusCode).toBe(401);
      expect((await api.answer(estimate.id, kind, other, body)).statusCode).toBe(404);
      expect((await api.answer(estimate.id, kind, admin, body)).statusCode).toBe(403);
      expect((await api.answer(estimate.id, kind, pilot, body)).statusCode).toBe(403);
      expect(await responseOf(estimate.id)).toBeUndefined();
    });
  });
});
