import { ClipboardList, CreditCard, FileText, Images, LogOut, Receipt } from "lucide-react";
import { type ComponentType, useState } from "react";
import type { PublicUser } from "@common/contract/users";
import { Button } from "@/components/ui/button";
import { DashboardLayout, type IconTab } from "@/components/ui/dashboard-layout";
import { RequireAuth } from "@/lib/auth";
import { wantsMyQuotes } from "@/lib/show-my-quotes";
import { withQueries } from "@/lib/with-queries";
import { useLogout } from "./api/logout";
import { MediaTab } from "./media-tab";
import { PaymentsTab } from "./payments-tab";
import { QuotesTab } from "./quotes-tab";
import { ReportsTab } from "./reports-tab";
import { SubscriptionsTab } from "./subscriptions-tab";

/** The Request Custom Quote button and its dialog: the quotes feature's, handed in by the app, as features do not import each other. */
type RequestQuoteButton = ComponentType<{ user: PublicUser }>;

function Dashboard({ user, RequestQuote }: { user: PublicUser; RequestQuote: RequestQuoteButton }) {
  const logout = useLogout();
  // /request-quote lands here on My Quotes after a submission, so the new request is in view.
  const [tab, setTab] = useState<string>(() => (wantsMyQuotes(window.history.state) ? "quotes" : "subscriptions"));
  const tabs: IconTab[] = [
    { value: "subscriptions", label: "Subscriptions", icon: CreditCard, panel: <SubscriptionsTab requestQuote={<RequestQuote user={user} />} /> },
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
          Welcome back, <span className="font-semibold text-foreground">{user.firstName || user.email}</span>
        </>
      }
      action={
        <Button type="button" variant="outline" disabled={logout.isPending} onClick={() => logout.mutate()}>
          <LogOut aria-hidden />
          Logout
        </Button>
      }
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

/** /dashboard: the customer's subscriptions, reports, media, quotes and payments; visitors go to /login (docs/product.md §2). */
function DashboardPage({ RequestQuote }: { RequestQuote: RequestQuoteButton }) {
  return <RequireAuth>{(user) => <Dashboard user={user} RequestQuote={RequestQuote} />}</RequireAuth>;
}

export default withQueries(DashboardPage);
