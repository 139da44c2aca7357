import { describe, expect, it } from "vitest";
import { quoteStatusView } from "./quote-status";

describe("quote status on the dashboard", () => {
  it("reads pending as Pending Review with nothing more to say", () => {
    expect(quoteStatusView("pending")).toMatchObject({ label: "Pending Review" });
    expect(quoteStatusView("pending").note).toBeUndefined();
  });

  it("adds a follow-up to an accepted quote and a polite note to a declined one", () => {
    expect(quoteStatusView("accepted").label).toBe("Accepted");
    expect(quoteStatusView("accepted").note).toMatch(/contact you shortly/);
    expect(quoteStatusView("declined").label).toBe("Declined");
    expect(quoteStatusView("declined").note).toMatch(/submit a new one/);
    expect(quoteStatusView("completed").label).toBe("Completed");
  });

  it("treats approved and rejected as accepted and declined, and anything unknown as pending", () => {
    expect(quoteStatusView("approved")).toEqual(quoteStatusView("accepted"));
    expect(quoteStatusView("rejected")).toEqual(quoteStatusView("declined"));
    expect(quoteStatusView("archived")).toEqual(quoteStatusView("pending"));
  });
});
