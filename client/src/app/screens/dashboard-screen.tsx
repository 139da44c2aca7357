import Dashboard from "@/features/dashboard/dashboard-page";
import { JobsPanel } from "@/features/jobs/jobs-panel";
import { RequestQuoteDialog } from "@/features/quotes/request-quote-button";

/** /dashboard: the quotes feature's Request Custom Quote dialog and the jobs feature's list, handed in, as features do not import each other. */
export default function DashboardScreen() {
  return <Dashboard RequestQuote={RequestQuoteDialog} JobsPanel={JobsPanel} />;
}
