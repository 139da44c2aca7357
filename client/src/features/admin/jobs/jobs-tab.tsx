import { type ReactNode, useState } from "react";
import { FlightCalendar } from "./flight-calendar";
import { JobPanel } from "./job-panel";
import { JobsBoard } from "./jobs-board";

/** A view that lists jobs, or one job opened from it (Back returns to the view as it was left). */
function WithJobPanel({ children }: { children: (open: (jobId: number) => void) => ReactNode }) {
  const [openJob, setOpenJob] = useState<number | null>(null);
  return openJob === null ? children(setOpenJob) : <JobPanel jobId={openJob} onBack={() => setOpenJob(null)} />;
}

/** Jobs tab: the board. */
export function JobsTab() {
  return <WithJobPanel>{(open) => <JobsBoard onOpen={open} />}</WithJobPanel>;
}

/** Calendar tab: the scheduled flights by month or week. */
export function CalendarTab() {
  return <WithJobPanel>{(open) => <FlightCalendar onOpen={open} />}</WithJobPanel>;
}
