import { describe, expect, it } from "vitest";
import type { Job } from "@common/contract/jobs";
import { sampleJob } from "@/testing/sample-job";
import { doubleBookings } from "./double-bookings";

let nextId = 1;
function job(start: string, end: string, pilotId: number | null, status: Job["status"] = "scheduled"): Job {
  const id = nextId++;
  return sampleJob({
    id,
    status,
    userId: 9,
    customerName: "Ada Lovelace",
    serviceName: "Solar",
    title: `Job ${id}`,
    site: { name: "Site", address: "", latitude: null, longitude: null },
    scheduledStart: `2026-12-01T${start}:00.000Z`,
    scheduledEnd: `2026-12-01T${end}:00.000Z`,
    pilotId,
    pilotName: pilotId === null ? null : `Pilot ${pilotId}`,
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
  });
}

const titles = (jobs: Job[]) => doubleBookings(jobs).map(({ pilotName, first, second }) => `${pilotName}: ${first.title} + ${second.title}`);

describe("double bookings", () => {
  it("names each pair of overlapping windows of one pilot", () => {
    nextId = 1;
    expect(titles([job("09:00", "11:00", 1), job("10:00", "12:00", 1), job("10:30", "10:45", 2), job("11:30", "13:00", 1)])).toEqual([
      "Pilot 1: Job 1 + Job 2",
      "Pilot 1: Job 2 + Job 4",
    ]);
  });

  it("lets a flight start when the last one ends, and ignores other pilots, unassigned, cancelled and closed jobs", () => {
    nextId = 1;
    expect(titles([job("09:00", "10:00", 1), job("10:00", "11:00", 1), job("09:30", "10:30", 2), job("09:30", "10:30", null)])).toEqual([]);
    expect(titles([job("09:00", "11:00", 1), job("09:30", "10:30", 1, "cancelled"), job("09:30", "10:30", 1, "closed")])).toEqual([]);
  });
});
