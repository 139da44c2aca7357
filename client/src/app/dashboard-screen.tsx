import DashboardPage from "@/features/dashboard/dashboard-page";
import { RequestQuoteDialog } from "@/features/quotes/quote-dialog";

/** /dashboard, with the quotes feature's Request Custom Quote dialog in its Subscriptions tab. */
export default function DashboardScreen() {
  return <DashboardPage RequestQuote={RequestQuoteDialog} />;
}
