import type { Job, JobDetail } from "@common/contract/jobs";
import { sampleAmounts } from "./sample-billing";

/** A job as GET /api/admin/jobs answers it, for component tests: scheduled, with a pilot; each test overrides what it is about. */
export function sampleJob(overrides: Partial<Job> = {}): Job {
  return {
    id: 12,
    status: "scheduled",
    userId: 4,
    customerName: "Amelia Earhart",
    serviceId: 1,
    serviceName: "Solar Inspections",
    quoteId: null,
    title: "Roof array survey",
    site: { name: "Warehouse 7", address: "", latitude: null, longitude: null },
    siteBoundary: null,
    siteArea: null,
    scheduledStart: "2027-03-10T09:00:00.000Z",
    scheduledEnd: "2027-03-10T10:30:00.000Z",
    timeZone: "UTC",
    pilotId: 7,
    pilotName: "Wilbur Wright",
    flight: null,
    cancelReason: null,
    deliveredAt: null,
    createdAt: "2026-11-01T09:00:00.000Z",
    updatedAt: "2026-11-01T09:00:00.000Z",
    ...overrides,
  };
}

/** That job as GET /api/jobs/:id answers it, nothing attached yet: no history, files, quote or payments, not priced. */
export function sampleJobDetail(overrides: Partial<JobDetail> = {}): JobDetail {
  return { ...sampleJob(), events: [], timeline: [], reports: [], media: [], quote: null, payments: [], amounts: sampleAmounts(), ...overrides };
}
