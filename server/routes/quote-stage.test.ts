import { describe, expect, it } from "vitest";
import type { Quote } from "@common/contract/quotes";
import type { JobDetail } from "@common/contract/jobs";
import { JOB_NEXT_STEP } from "@common/job-status";
import { notDeliveredYet } from "@common/quote-stage";
import { ESTIMATE_ENV, estimateDriver } from "../testing/estimates";
import { type TestUser } from "../testing/factories";
import { type JobDriver, jobsAppForTests, moveBody } from "../testing/jobs";
import type { TestApp } from "../testing/test-app";

// A quote request and its job tell one story (docs/decisions/0048-quote-and-job-life-cycles.md).
describe("a quote request follows its job", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser;
  let drive: JobDriver, estimates: ReturnType<typeof estimateDriver>;
  jobsAppForTests(["admin", "customer", "pilot"], ESTIMATE_ENV, (made) => {
    ({ t, drive } = made);
    [admin, customer, pilot] = made.users;
    estimates = estimateDriver(t, admin);
  });

  const customerQuote = async (id: number): Promise<Quote> => {
    const quotes = (await drive.inject("GET", "/api/quotes", customer)).json().data as Quote[];
    const quote = quotes.find((candidate) => candidate.id === id);
    if (!quote) throw new Error(`quote ${id} not listed`);
    return quote;
  };
  const adminQuote = async (id: number): Promise<Quote> => {
    const quotes = (await drive.inject("GET", "/api/admin/quotes", admin)).json().data as Quote[];
    const quote = quotes.find((candidate) => candidate.id === id);
    if (!quote) throw new Error(`quote ${id} not listed`);
    return quote;
  };
  const patchQuote = (id: number, payload: object) => drive.inject("PATCH", `/api/admin/quotes/${id}`, admin, payload);
  const move = async (jobId: number, to: Parameters<typeof moveBody>[0]) =>
    expect((await drive.patch(jobId, moveBody(to, pilot.user.id))).statusCode).toBe(200);

  it("while the estimate waits, the request says so, in My Quotes, the back office and on the job page alike", async () => {
    const { quoteId, jobId } = await drive.requestQuote(customer);
    expect(await customerQuote(quoteId)).toMatchObject({
      status: "pending",
      jobId,
      jobStatus: "requested",
      stage: "pending_review",
      nextStep: JOB_NEXT_STEP.requested,
    });

    await estimates.send(jobId);
    const waiting = { status: "accepted", jobId, jobStatus: "requested", stage: "estimate_sent", nextStep: "Answer the estimate" };
    expect(await customerQuote(quoteId)).toMatchObject(waiting);
    expect(await adminQuote(quoteId)).toMatchObject(waiting);
    const job = await drive.read(jobId, customer);
    expect(job.quote).toMatchObject(waiting);
  });

  it("once the estimate is accepted, the request is Accepted with the job's next step, and moves on with the job", async () => {
    const { quoteId, jobId } = await drive.requestQuote(customer);
    const sent = await estimates.send(jobId, { deposit: { amount: 0 } });
    await estimates.accept(sent, customer);
    expect(await customerQuote(quoteId)).toMatchObject({ jobStatus: "accepted", stage: "accepted", nextStep: JOB_NEXT_STEP.accepted });
    await move(jobId, "scheduled");
    expect(await customerQuote(quoteId)).toMatchObject({ jobStatus: "scheduled", stage: "scheduled", nextStep: JOB_NEXT_STEP.scheduled });
  });

  it("a closed job is a Completed request, with no next step", async () => {
    const { quoteId, jobId } = await drive.requestQuote(customer);
    expect((await patchQuote(quoteId, { status: "accepted", price: 50_000 })).statusCode).toBe(200);
    for (const to of ["scheduled", "flown", "delivered", "closed"] as const) await move(jobId, to);
    expect(await customerQuote(quoteId)).toMatchObject({ status: "completed", jobStatus: "closed", stage: "completed", nextStep: null });
  });

  it("a declined request is Declined, its job cancelled", async () => {
    const { quoteId } = await drive.requestQuote(customer);
    expect((await patchQuote(quoteId, { status: "declined" })).statusCode).toBe(200);
    expect(await customerQuote(quoteId)).toMatchObject({ status: "declined", jobStatus: "cancelled", stage: "declined", nextStep: null });
  });

  describe("Mark Completed closes the job, so it waits for the delivery", () => {
    it("is refused (409) while the job is not delivered, and the request stays accepted", async () => {
      const { quoteId, jobId } = await drive.requestQuote(customer);
      await patchQuote(quoteId, { status: "accepted", price: 50_000 });
      const refused = await patchQuote(quoteId, { status: "completed" });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(notDeliveredYet("accepted"));
      expect(await customerQuote(quoteId)).toMatchObject({ status: "accepted", stage: "accepted" });
      expect((await drive.read(jobId)).status).toBe("accepted");
    });

    it("is refused while an estimate waits for the customer's answer", async () => {
      const { quoteId, jobId } = await drive.requestQuote(customer);
      await estimates.send(jobId);
      expect((await patchQuote(quoteId, { status: "completed" })).statusCode).toBe(409);
    });

    it("on a delivered job completes the request and closes the job: SPEC's toast, both stories agree", async () => {
      const { quoteId, jobId } = await drive.requestQuote(customer);
      await patchQuote(quoteId, { status: "accepted", price: 50_000 });
      for (const to of ["scheduled", "flown", "delivered"] as const) await move(jobId, to);
      const completed = await patchQuote(quoteId, { status: "completed" });
      expect(completed.statusCode).toBe(200);
      expect(completed.json().message).toBe("Quote request completed");
      expect(await customerQuote(quoteId)).toMatchObject({ status: "completed", jobStatus: "closed", stage: "completed" });
    });

    it("declining a request whose job has flown is refused: the job could not follow", async () => {
      const { quoteId, jobId } = await drive.requestQuote(customer);
      await patchQuote(quoteId, { status: "accepted", price: 50_000 });
      for (const to of ["scheduled", "flown"] as const) await move(jobId, to);
      expect((await patchQuote(quoteId, { status: "declined" })).statusCode).toBe(409);
      expect(await customerQuote(quoteId)).toMatchObject({ status: "accepted", stage: "flown" });
    });
  });

  it("no event of a job's history goes from a state to itself: notes and reschedules are told as such", async () => {
    const { quoteId, jobId } = await drive.requestQuote(customer);
    const sent = await estimates.send(jobId, { deposit: { amount: 0 } });
    expect((await drive.inject("PATCH", `/api/admin/jobs/${jobId}/details`, admin, { title: "Barn roof survey" })).statusCode).toBe(200);
    await estimates.accept(sent, customer);
    await move(jobId, "scheduled");
    await move(jobId, "scheduled");
    for (const to of ["flown", "delivered"] as const) await move(jobId, to);
    expect((await patchQuote(quoteId, { status: "completed" })).statusCode).toBe(200);

    const job: JobDetail = await drive.read(jobId, customer);
    expect(job.events.filter((event) => event.from === event.to)).toEqual([]);
    expect(job.events.map((event) => [event.kind, event.from, event.to])).toEqual([
      ["opened", null, "requested"],
      ["noted", null, "requested"],
      ["noted", null, "requested"],
      ["moved", "requested", "accepted"],
      ["moved", "accepted", "scheduled"],
      ["rescheduled", null, "scheduled"],
      ["moved", "scheduled", "flown"],
      ["moved", "flown", "delivered"],
      ["moved", "delivered", "closed"],
    ]);
    expect(job.events[1]?.note).toBe(`Estimate #${jobId} sent`);
  });
});
