import { describe, expect, it } from "vitest";
import { JOB_STATUSES } from "@common/job-status";
import { actionsFor } from "./job-actions";

const ADMIN = { id: 1, role: "admin" } as const;
const PILOT = { id: 7, role: "pilot" } as const;

describe("the actions a job offers", () => {
  it("are the moves its state allows, named for the person doing them", () => {
    const offered = Object.fromEntries(
      JOB_STATUSES.map((status) => [status, actionsFor({ status, pilotId: null, quoteId: null }, ADMIN).map((action) => action.label)]),
    );
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

  it("leave accepting a quote request's job to approving its quote, with a price", () => {
    expect(actionsFor({ status: "requested", pilotId: null, quoteId: 3 }, ADMIN).map((action) => action.label)).toEqual(["Cancel job"]);
  });

  it("ask for a window to schedule, a window and a reason to reschedule, the flight to mark flown, and a reason to cancel", () => {
    expect(actionsFor({ status: "accepted", pilotId: null, quoteId: null }, ADMIN).map((action) => action.parts)).toEqual([["window"], ["reason"]]);
    expect(actionsFor({ status: "scheduled", pilotId: null, quoteId: null }, ADMIN).map((action) => action.parts)).toEqual([
      ["window", "reason"],
      ["flight"],
      ["reason"],
    ]);
  });

  it("leave a pilot the flight and what follows it on their own jobs, and nothing on another pilot's", () => {
    const offered = Object.fromEntries(
      JOB_STATUSES.map((status) => [status, actionsFor({ status, pilotId: PILOT.id, quoteId: null }, PILOT).map((action) => action.label)]),
    );
    expect(offered).toEqual({
      requested: [],
      accepted: [],
      scheduled: ["Mark flown"],
      flown: ["Mark processing"],
      processing: ["Mark delivered"],
      delivered: [],
      closed: [],
      cancelled: [],
    });
    expect(actionsFor({ status: "scheduled", pilotId: 8, quoteId: null }, PILOT)).toEqual([]);
  });
});
