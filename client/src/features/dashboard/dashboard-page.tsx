import { Briefcase, ClipboardList, CreditCard, FileText, Images, LogOut, Receipt } from "lucide-react";
import { type ComponentType, useState } from "react";
import type { PublicUser } from "@common/contract/users";
import { greetingName } from "@common/person-name";
import { DashboardLayout, type IconTab } from "@/components/dashboard/dashboard-layout";
import { Button } from "@/components/ui/button";
import { RequireAuth } from "@/components/require-auth";
import { WaitingForYou } from "@/components/waiting/waiting-for-you";
import { requestedDashboardTab } from "@/lib/show-my-quotes";
import { useTabInAddress } from "@/lib/use-tab-in-address";
import { useWaiting } from "@/api/waiting";
import { withQueries } from "@/lib/with-queries";
import { useLogout } from "@/api/session";
import { MediaTab } from "./media-tab";
import { DASHBOARD_TABS, openingTab } from "./opening-tab";
import { PaymentsTab } from "./payments-tab";
import { QuotesTab } from "./quotes-tab";
import { ReportsTab } from "./reports-tab";
import { SubscriptionsTab } from "./subscriptions-tab";

/** The Request Custom Quote button and its dialog: the quotes feature's, handed in by the app, as features do not import each other. */
type RequestQuoteButton = ComponentType<{ user: PublicUser }>;

/** The app's screens the dashboard shows but does not own: handed in by the app, as features do not import each other. */
interface DashboardParts {
  RequestQuote: RequestQuoteButton;
  /** The Jobs tab's panel: the jobs feature's list of the customer's jobs. */
  JobsPanel: ComponentType;
}

function Dashboard({ user, RequestQuote, JobsPanel }: DashboardParts & { user: PublicUser }) {
  const logout = useLogout();
  const waiting = useWaiting();
  // /request-quote lands here on My Quotes after a submission, so the new request is in view; a job's page comes back to Jobs.
  const [handedOver] = useState(() => requestedDashboardTab(window.history.state));
  // The tab is kept in the address; choosing one replaces the history entry, so Back leaves the dashboard.
  const [tab, setTab] = useTabInAddress(DASHBOARD_TABS, { opening: openingTab(handedOver, waiting), history: "replace", recordOpening: true });
  const tabs: IconTab[] = [
    { value: "subscriptions", label: "Subscriptions", icon: CreditCard, panel: <SubscriptionsTab requestQuote={<RequestQuote user={user} />} /> },
    { value: "jobs", label: "Jobs", icon: Briefcase, panel: <JobsPanel /> },
    { value: "reports", label: "Reports", icon: FileText, panel: <ReportsTab /> },
    { value: "media", label: "Media", icon: Images, panel: <MediaTab /> },
    { value: "quotes", label: "My Quotes", icon: ClipboardList, panel: <QuotesTab /> },
    { value: "payments", label: "Payments", icon: Receipt, panel: <PaymentsTab /> },
  ];

  return (
    <DashboardLayout
      eyebrow="// Mission control"
      title="Customer Dashboard"
      intro={
        <>
          {/* "Welcome", not "Welcome back": the line greets a customer who has just registered as well (SPEC's "Welcome back" is the login toast's). */}
          Welcome, <span className="font-semibold text-foreground">{greetingName(user)}</span>
        </>
      }
      action={
        <Button type="button" variant="outline" disabled={logout.isPending} onClick={() => logout.mutate()}>
          <LogOut aria-hidden />
          Logout
        </Button>
      }
      lead={<WaitingForYou items={waiting.data} showJob />}
      value={tab}
      onValueChange={setTab}
      label="Dashboard sections"
      tabs={tabs}
      // Two columns on a phone; the odd tab out spans both rather than leave a hole.
      listClassName="grid grid-cols-2 sm:flex max-sm:[&>:last-child:nth-child(odd)]:col-span-2"
      triggerClassName="max-sm:[&_svg]:hidden"
    />
  );
}

/** /dashboard: the customer's subscriptions, jobs, reports, media, quotes and payments; visitors go to /login (docs/product.md §2). */
function DashboardPage(parts: DashboardParts) {
  return <RequireAuth>{(user) => <Dashboard user={user} {...parts} />}</RequireAuth>;
}

export default withQueries(DashboardPage);
