// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { JobDetail, JobEvent } from "@common/contract/jobs";
import { JOB_NEXT_STEP, type JobStatus } from "@common/job-status";
import { JobTimeline } from "./job-timeline";

afterEach(cleanup);

const event = (id: number, from: JobStatus | null, to: JobStatus, at: string, note = ""): JobEvent => ({
  id,
  at,
  kind: from === null ? "opened" : "moved",
  from,
  to,
  by: 1,
  byName: "admin",
  note,
  previousStart: null,
  previousEnd: null,
});

/** Only what the timeline reads of a job. */
const job = (status: JobStatus, events: JobEvent[], cancelReason: string | null = null) => ({ status, events, cancelReason }) as JobDetail;

const step = (name: string) => within(screen.getByRole("list")).getAllByRole("listitem").find((item) => item.textContent?.startsWith(name));

describe("a job's timeline", () => {
  it("dates each step reached, marks the current one and names the next", () => {
    render(
      <JobTimeline
        job={job("scheduled", [
          event(1, null, "requested", "2026-11-02T09:00:00.000Z"),
          event(2, "requested", "accepted", "2026-11-03T09:00:00.000Z"),
          event(3, "accepted", "scheduled", "2026-11-04T09:00:00.000Z"),
          // A reschedule: the step keeps the date it was first reached.
          event(4, "scheduled", "scheduled", "2026-11-06T09:00:00.000Z", "Weather hold"),
        ])}
      />,
    );
    expect(step("Requested")?.querySelector("time")?.getAttribute("datetime")).toBe("2026-11-02T09:00:00.000Z");
    expect(step("Scheduled")?.querySelector("time")?.getAttribute("datetime")).toBe("2026-11-04T09:00:00.000Z");
    expect(step("Scheduled")?.getAttribute("aria-current")).toBe("step");
    expect(step("Flown")?.textContent).toContain("Not yet");
    expect(screen.getByText(JOB_NEXT_STEP.scheduled ?? "", { exact: false })).toBeTruthy();
  });

  it("shows a cancelled job's reason and no next step", () => {
    render(
      <JobTimeline
        job={job(
          "cancelled",
          [event(1, null, "requested", "2026-11-02T09:00:00.000Z"), event(2, "requested", "cancelled", "2026-11-03T09:00:00.000Z", "Quote declined")],
          "Quote declined",
        )}
      />,
    );
    expect(screen.getByText(/Cancelled on .*: Quote declined/)).toBeTruthy();
    expect(screen.queryByText("Next step:")).toBeNull();
    expect(screen.getByRole("list").querySelector('[aria-current="step"]')).toBeNull();
  });
});
