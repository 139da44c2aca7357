import { describe, expect, it } from "vitest";
import { QUOTE_STAGE_NEXT_STEPS, type QuoteStage } from "@common/quote-stage";
import { quoteStageView } from "./quote-status";

const view = (stage: QuoteStage) => quoteStageView({ stage, nextStep: QUOTE_STAGE_NEXT_STEPS[stage] });

describe("a quote request as the customer reads it", () => {
  it("reads pending as Pending Review with nothing more to say", () => {
    expect(view("pending_review")).toMatchObject({ label: "Pending Review" });
    expect(view("pending_review").note).toBeUndefined();
  });

  it("says an estimate waits for an answer, not Great news, while the job is still requested", () => {
    expect(view("estimate_sent")).toMatchObject({ label: "Estimate sent", note: "An estimate waits for your answer." });
  });

  it("keeps SPEC's follow-up for an accepted job and its polite note for a declined request", () => {
    expect(view("accepted").label).toBe("Accepted");
    expect(view("accepted").note).toMatch(/contact you shortly/);
    expect(view("declined").label).toBe("Declined");
    expect(view("declined").note).toMatch(/submit a new one/);
  });

  it("tells the job's next step once scheduled or delivered, and nothing once completed", () => {
    expect(view("scheduled")).toMatchObject({ label: "Scheduled", note: "Next: The flight." });
    expect(view("delivered").note).not.toMatch(/Great news/);
    expect(view("completed")).toEqual({ label: "Completed", className: expect.any(String) });
  });
});
