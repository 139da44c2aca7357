import { describe, expect, it } from "vitest";
import { JOB_STATUSES } from "@common/jobs";
import { actionsFor } from "./job-actions";

describe("the actions a job offers", () => {
  it("are the moves its state allows, named for the person doing them", () => {
    const offered = Object.fromEntries(JOB_STATUSES.map((status) => [status, actionsFor({ status }).map((action) => action.label)]));
    expect(offered).toEqual({
      requested: ["Accept", "Cancel job"],
      accepted: ["Schedule", "Cancel job"],
      scheduled: ["Reschedule", "Mark flown", "Cancel job"],
      flown: ["Mark processing", "Mark delivered"],
      processing: ["Mark delivered"],
      delivered: ["Close job"],
      closed: [],
      cancelled: [],
    });
  });

  it("ask for a window to schedule, a window and a reason to reschedule, the flight to mark flown, and a reason to cancel", () => {
    expect(actionsFor({ status: "accepted" }).map((action) => action.parts)).toEqual([["window"], ["reason"]]);
    expect(actionsFor({ status: "scheduled" }).map((action) => action.parts)).toEqual([["window", "reason"], ["flight"], ["reason"]]);
  });
});
