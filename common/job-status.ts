// A job's life cycle: its states, the moves between them, and how people read them. Plain data,
// without zod, so the screens that only show a status do not load the validation library.

/**
 * A job: one mission flown for one customer at one site (docs/product.md §10). It moves forward
 * through these states; it can be cancelled, with a reason, until it is flown.
 */
export const JOB_STATUSES = ["requested", "accepted", "scheduled", "flown", "processing", "delivered", "closed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The states each state may move to. "scheduled → scheduled" is a reschedule; it keeps the old window in the history. */
export const JOB_TRANSITIONS: Record<JobStatus, readonly JobStatus[]> = {
  requested: ["accepted", "cancelled"],
  accepted: ["scheduled", "cancelled"],
  scheduled: ["scheduled", "flown", "cancelled"],
  flown: ["processing", "delivered"],
  processing: ["delivered"],
  delivered: ["closed"],
  closed: [],
  cancelled: [],
};

export const canMoveJob = (from: JobStatus, to: JobStatus): boolean => JOB_TRANSITIONS[from].includes(to);

/**
 * A job that is over, closed or cancelled: its title and site are history, it takes no new estimate
 * or deliverable, and it asks nothing more of its customer (its money still counts).
 */
export const isSettled = (status: JobStatus): boolean => status === "closed" || status === "cancelled";

/**
 * The moves a pilot makes on the jobs assigned to them: the flight and what follows it up to
 * delivery. Every other move is an admin's; the server refuses it to a pilot with 403.
 */
export const PILOT_MOVES: Partial<Record<JobStatus, JobStatus>> = { scheduled: "flown", flown: "processing", processing: "delivered" };

/** The job's path as the customer follows it: every step of a job that is not cancelled, in order. */
export const JOB_STEPS = ["requested", "accepted", "scheduled", "flown", "processing", "delivered", "closed"] as const satisfies readonly JobStatus[];

/** How people read a state: in the timeline, on the board and in mails. */
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  requested: "Requested",
  accepted: "Accepted",
  scheduled: "Scheduled",
  flown: "Flown",
  processing: "Processing",
  delivered: "Delivered",
  closed: "Closed",
  cancelled: "Cancelled",
};

/** What happens next, as the customer's timeline names it; none once the job is closed or cancelled. */
export const JOB_NEXT_STEP: Record<JobStatus, string | null> = {
  requested: "We review your request and confirm it",
  accepted: "We schedule the flight with you",
  scheduled: "The flight",
  flown: "We process the data",
  processing: "Your deliverables",
  delivered: "We close the job once you are happy",
  closed: null,
  cancelled: null,
};

export const jobMessages = {
  illegalTransition: (from: JobStatus, to: JobStatus) => `A job cannot move from ${from} to ${to}`,
  windowOrder: "The flight window must end after it starts",
  windowNeeded: "Scheduling needs a start, an end and a pilot",
  pilotNotStaff: "The pilot must be a pilot or an admin",
  reasonNeeded: "Give a reason",
  flightNeeded: "Marking flown needs the flight's date",
  flownInFuture: "The flight's date cannot be in the future",
  messageEmpty: "Write a message",
  messageTooLong: "A message is at most 5,000 characters",
  notFound: "Job not found",
  approveQuoteFirst: "Approve the quote with its price under Quotes",
  settled: (status: JobStatus) => `A ${status} job cannot be changed`,
  estimateNotAccepted: "The job's estimate is not accepted yet; schedule with an override reason to go ahead",
  depositUnpaid: (due: string) => `The deposit of ${due} is not paid yet; schedule with an override reason to go ahead`,
} as const;

/** The states in which the customer sends (and takes back) documents: every one but the two that end a job. */
export const takesDocuments = (status: JobStatus): boolean => status !== "cancelled" && status !== "closed";

/** A job message is at most this long, once trimmed. */
export const JOB_MESSAGE_MAX = 5_000;

/**
 * What the message rule says about this text, or nothing when it may be sent: the browser's check,
 * without zod. common/jobs.ts's jobMessageInputSchema states the same rule for the server, from the
 * same limit and messages (common/jobs.test.ts holds the two together).
 */
export function jobMessageProblem(text: string): string | undefined {
  const body = text.trim();
  if (body.length === 0) return jobMessages.messageEmpty;
  if (body.length > JOB_MESSAGE_MAX) return jobMessages.messageTooLong;
  return undefined;
}
