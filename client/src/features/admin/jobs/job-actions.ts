import type { Job } from "@common/contract/jobs";
import type { PublicUser } from "@common/contract/users";
import { JOB_TRANSITIONS, type JobStatus, PILOT_MOVES } from "@common/job-status";

/** What an action's form asks for besides an optional note. */
export type ActionPart = "window" | "reason" | "flight";

export interface JobAction {
  to: JobStatus;
  /** The button. */
  label: string;
  /** The dialog's title and its form's name. */
  title: string;
  parts: readonly ActionPart[];
  destructive?: boolean;
}

const ACTIONS: Record<Exclude<JobStatus, "requested">, JobAction> = {
  accepted: { to: "accepted", label: "Accept", title: "Accept the job", parts: [] },
  scheduled: { to: "scheduled", label: "Schedule", title: "Schedule the flight", parts: ["window"] },
  flown: { to: "flown", label: "Mark flown", title: "Record the flight", parts: ["flight"] },
  processing: { to: "processing", label: "Mark processing", title: "Start processing", parts: [] },
  delivered: { to: "delivered", label: "Mark delivered", title: "Deliver the job", parts: [] },
  closed: { to: "closed", label: "Close job", title: "Close the job", parts: [] },
  cancelled: { to: "cancelled", label: "Cancel job", title: "Cancel the job", parts: ["reason"], destructive: true },
};

// Rescheduling is scheduled → scheduled: a new window, and the reason the old one was given up.
const RESCHEDULE: JobAction = { to: "scheduled", label: "Reschedule", title: "Reschedule the flight", parts: ["window", "reason"] };

/**
 * The actions the job's state allows the person, in the order of its path; an illegal move is
 * never offered. An admin has every legal move, but a quote request's job is accepted by approving
 * its quote with a price (the server answers 409 here); the job's pilot has only the flight's own.
 */
export function actionsFor(job: Pick<Job, "status" | "pilotId" | "quoteId">, by: Pick<PublicUser, "id" | "role">): JobAction[] {
  const allowed = (to: JobStatus) =>
    by.role === "admin" ? !(to === "accepted" && job.quoteId !== null) : job.pilotId === by.id && PILOT_MOVES[job.status] === to;
  return JOB_TRANSITIONS[job.status]
    .filter(allowed)
    .map((to) => (to === "scheduled" && job.status === "scheduled" ? RESCHEDULE : ACTIONS[to as keyof typeof ACTIONS]));
}
