// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { JobEvent, TimelineStep } from "@common/contract/jobs";
import { JOB_NEXT_STEP, JOB_STEPS, type JobStatus } from "@common/job-status";
import { JobTimeline } from "./job-timeline";

afterEach(cleanup);

const event = (id: number, from: JobStatus | null, to: JobStatus, at: string, note = ""): JobEvent => ({
  id,
  at,
  kind: from === null ? "opened" : "moved",
  from,
  to,
  by: 1,
  byName: "Ada Admin",
  note,
  previousStart: null,
  previousEnd: null,
});

/** The server's timeline: the given steps dated, the others not yet. */
const timeline = (dated: Partial<Record<(typeof JOB_STEPS)[number], string>>, flownOn: string | null = null): TimelineStep[] =>
  JOB_STEPS.map((step) => ({ step, at: dated[step] ?? null, on: step === "flown" ? flownOn : null }));

/** Only what the timeline reads of a job. */
const job = (status: JobStatus, steps: TimelineStep[], events: JobEvent[] = [], cancelReason: string | null = null) => ({
  status,
  events,
  timeline: steps,
  cancelReason,
});

const step = (name: string) =>
  within(screen.getByRole("list"))
    .getAllByRole("listitem")
    .find((item) => item.textContent?.startsWith(name));

describe("a job's timeline", () => {
  it("dates each step reached, marks the current one and names the next", () => {
    render(
      <JobTimeline
        job={job("scheduled", timeline({ requested: "2026-11-02T09:00:00.000Z", accepted: "2026-11-03T09:00:00.000Z", scheduled: "2026-11-04T09:00:00.000Z" }))}
      />,
    );
    expect(step("Requested")?.querySelector("time")?.getAttribute("datetime")).toBe("2026-11-02T09:00:00.000Z");
    expect(step("Scheduled")?.querySelector("time")?.getAttribute("datetime")).toBe("2026-11-04T09:00:00.000Z");
    expect(step("Scheduled")?.getAttribute("aria-current")).toBe("step");
    expect(step("Flown")?.textContent).toContain("Not yet");
    expect(screen.getByText(JOB_NEXT_STEP.scheduled ?? "", { exact: false })).toBeTruthy();
  });

  it("dates Flown by the flight record's day, not by when it was recorded", () => {
    const at = {
      requested: "2026-11-02T09:00:00.000Z",
      accepted: "2026-11-03T09:00:00.000Z",
      scheduled: "2026-11-04T09:00:00.000Z",
      flown: "2026-11-20T16:00:00.000Z",
      processing: "2026-11-21T09:00:00.000Z",
    };
    render(<JobTimeline job={job("processing", timeline(at, "2026-11-06"))} />);
    const flown = step("Flown")?.querySelector("time");
    expect(flown?.getAttribute("datetime")).toBe("2026-11-06");
    expect(flown?.textContent).toBe("Nov 6, 2026");
    expect(step("Processing")?.querySelector("time")?.getAttribute("datetime")).toBe("2026-11-21T09:00:00.000Z");
  });

  it("shows a cancelled job's reason and no next step", () => {
    render(
      <JobTimeline
        job={job(
          "cancelled",
          timeline({ requested: "2026-11-02T09:00:00.000Z" }),
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
