import {
  Briefcase,
  CalendarDays,
  ClipboardCheck,
  ClipboardList,
  FileText,
  FolderCog,
  Globe,
  House,
  IdCard,
  Plane,
  Images,
  Newspaper,
  Inbox,
  Receipt,
  Settings,
  Tags,
  Upload,
  Users,
  UserSquare,
  Video,
} from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { Link } from "wouter";
import type { PublicUser } from "@common/contract/users";
import { DashboardLayout, type IconTab } from "@/components/dashboard/dashboard-layout";
import { buttonVariants } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/panel-states";
import { withQueries } from "@/lib/with-queries";
import { getSiteConfig } from "@/lib/site-config";
import { useQuoteCount } from "./api/get-admin-quotes";
import { useAdminUsers } from "./api/get-admin-users";
import { useMessageCount } from "./api/get-contact-submissions";
import { lazyPanel } from "@/components/ui/lazy-panel";
import { BackOfficeHome } from "./home/back-office-home";
import { JobsBoard } from "./jobs/jobs-board";
import { NextFlights } from "./jobs/next-flights";
import { useOutboxTab } from "./outbox/outbox-tab";
import { BackOfficeSearch } from "./search/back-office-search";
import { RequireStaff } from "./require-admin";
import { useSettings } from "./settings/api/settings";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { useTabInAddress } from "@/lib/use-tab-in-address";

// The tabs the back office opens on come with the page (Home for an admin, Jobs for a pilot); every
// other tab's code loads when it first opens, so the forms, zod and react-hook-form are not part of
// the first screen.
const FlightCalendar = lazyPanel(() => import("./jobs/flight-calendar").then((module) => module.FlightCalendar));
const QuotesTab = lazyPanel(() => import("./quotes-tab").then((module) => module.QuotesTab));
const ProcessedTab = lazyPanel(() => import("./processed-tab").then((module) => module.ProcessedTab));
const MessagesTab = lazyPanel(() => import("./messages-tab").then((module) => module.MessagesTab));
const UploadTab = lazyPanel(() => import("./uploads/upload-tab").then((module) => module.default));
const ReportsTab = lazyPanel(() => import("./reports-tab").then((module) => module.ReportsTab));
const UserMediaTab = lazyPanel(() => import("./media/user-media-tab").then((module) => module.default));
const MediaTab = lazyPanel(() => import("./media/media-tab").then((module) => module.default));
const GalleryUploadTab = lazyPanel(() => import("./uploads/gallery-upload-tab").then((module) => module.default));
const ManageTab = lazyPanel(() => import("./media/manage-tab").then((module) => module.default));
const SiteTab = lazyPanel(() => import("./site/site-tab").then((module) => module.SiteTab));
const PagesTab = lazyPanel(() => import("./pages/pages-tab").then((module) => module.PagesTab));
const CustomersTab = lazyPanel(() => import("./customers/customers-tab").then((module) => module.CustomersTab));
const PaymentsTab = lazyPanel(() => import("./payments-tab").then((module) => module.PaymentsTab));
const PriceListTab = lazyPanel(() => import("./price-list/price-list-tab").then((module) => module.PriceListTab));
const FleetTab = lazyPanel(() => import("./fleet/fleet-tab").then((module) => module.FleetTab));
const OwnCertificates = lazyPanel(() => import("./fleet/own-certificates").then((module) => module.OwnCertificates));
const SettingsTab = lazyPanel(() => import("./settings/settings-tab").then((module) => module.SettingsTab));
const FirstRunSetup = lazy(() => import("./settings/first-run-setup").then((module) => ({ default: module.FirstRunSetup })));

/** A count on a tab trigger, read out as part of the tab's name ("Quotes, 2 pending"). */
function CountBadge({ count, noun }: { count: number | undefined; noun: string }) {
  if (count === undefined) return null;
  return (
    <Badge className="ml-1 px-1.5 tabular-nums">
      <span className="sr-only">, </span>
      {count}
      <span className="sr-only"> {noun}</span>
    </Badge>
  );
}

interface BackOfficeProps {
  title: string;
  /** The tab shown when the address names none this person has. */
  opening: string;
  intro: string;
  action?: ReactNode;
  tabs: IconTab[];
}

/**
 * The back office's sidebar and panels. The open tab lives in the address (?tab=, the opening tab
 * when none or one this person does not have), so a reload, Back and Forward return to it; choosing
 * a tab adds a history entry and leaves the other tab's filters behind.
 */
function BackOffice({ title, opening, intro, action, tabs }: BackOfficeProps) {
  const [tab, choose] = useTabInAddress(
    tabs.map((candidate) => candidate.value),
    { opening, history: "push" },
  );
  return (
    <DashboardLayout
      eyebrow="// Back office"
      title={title}
      intro={intro}
      action={action}
      value={tab}
      onValueChange={choose}
      label="Admin sections"
      tabs={tabs}
      sidebar
      compact
      listClassName="grid h-auto grid-cols-2 max-sm:hidden sm:grid-cols-3 lg:sticky lg:top-24 lg:col-start-1 lg:row-start-1 lg:flex lg:flex-col lg:items-stretch"
      triggerClassName="whitespace-nowrap max-sm:[&_svg]:hidden lg:flex-none lg:justify-start"
    />
  );
}

const PENDING = ["pending"] as const;
const PROCESSED = ["accepted", "declined", "completed"] as const;

function AdminDashboard() {
  // The page owns the counts that label the tabs, each a page of one the server totals; their failures toast once.
  const messages = useMessageCount();
  const pending = useQuoteCount(PENDING);
  const processed = useQuoteCount(PROCESSED);
  const users = useAdminUsers();
  const settings = useSettings();
  useLoadErrorToast(messages, "Failed to load contact submissions");
  useLoadErrorToast(pending, "Failed to load quote requests");
  useLoadErrorToast(users, "Failed to load admin dashboard data");

  // Development only: in production the page says there is none (SiteConfig.devOutbox), so the
  // address, which answers 404 there, is never asked for.
  const outbox = useOutboxTab(getSiteConfig().devOutbox);
  const messageCount = messages.data?.total;
  const pendingCount = pending.data?.total;
  const processedCount = processed.data?.total;

  // One column a person runs the business from all day: the home and its figures of what needs doing
  // (docs/decisions/0057-back-office-home.md), the work in hand (jobs and their calendar, then the
  // requests and messages that become jobs), then deliverables, the public gallery, and money.
  const tabs: IconTab[] = [
    { value: "home", label: "Home", icon: House, panel: <BackOfficeHome /> },
    { value: "jobs", label: "Jobs", icon: Briefcase, panel: <JobsBoard admin /> },
    { value: "calendar", label: "Calendar", icon: CalendarDays, panel: <FlightCalendar /> },
    { value: "quotes", label: "Quotes", icon: ClipboardList, panel: <QuotesTab />, badge: <CountBadge count={pendingCount} noun="pending" /> },
    { value: "processed", label: "Processed", icon: ClipboardCheck, panel: <ProcessedTab />, badge: <CountBadge count={processedCount} noun="processed" /> },
    {
      value: "messages",
      label: "Messages",
      icon: Inbox,
      panel: <MessagesTab />,
      badge: <CountBadge count={messageCount} noun={messageCount === 1 ? "message" : "messages"} />,
    },
    { value: "upload", label: "Upload", icon: Upload, panel: <UploadTab />, keepMounted: true },
    { value: "reports", label: "Reports", icon: FileText, panel: <ReportsTab /> },
    { value: "user-media", label: "User Media", icon: UserSquare, panel: <UserMediaTab /> },
    { value: "media", label: "Media", icon: Video, panel: <MediaTab /> },
    { value: "gallery", label: "Gallery", icon: Images, panel: <GalleryUploadTab />, keepMounted: true },
    { value: "manage", label: "Manage", icon: FolderCog, panel: <ManageTab /> },
    { value: "site", label: "Site", icon: Globe, panel: <SiteTab /> },
    { value: "pages", label: "Pages", icon: Newspaper, panel: <PagesTab /> },
    { value: "customers", label: "Customers", icon: Users, panel: <CustomersTab /> },
    { value: "payments", label: "Payments", icon: Receipt, panel: <PaymentsTab /> },
    { value: "price-list", label: "Price list", icon: Tags, panel: <PriceListTab /> },
    { value: "fleet", label: "Fleet & compliance", icon: Plane, panel: <FleetTab /> },
    { value: "settings", label: "Settings", icon: Settings, panel: <SettingsTab /> },
    ...(outbox ? [outbox] : []),
  ];

  // Until the first-run setup is finished or skipped, it comes first (docs/product.md §2). The back
  // office does not wait for the answer: once done, which is every visit but the first, nothing
  // changes when it comes; a failure to read it leaves the back office, and the Settings tab says why.
  if (settings.data?.setupDone === false) {
    return (
      <Suspense fallback={<LoadingState label="Loading the setup…" />}>
        <FirstRunSetup view={settings.data} />
      </Suspense>
    );
  }

  return (
    <BackOffice
      title="Admin Dashboard"
      opening="home"
      intro="Run jobs from request to delivery, answer quote requests and messages, upload deliverables and curate the gallery."
      action={
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <BackOfficeSearch />
          <Link href="/admin" className={buttonVariants({ variant: "outline" })}>
            <Inbox aria-hidden />
            All submissions
          </Link>
        </div>
      }
      tabs={tabs}
    />
  );
}

/**
 * A pilot's back office: the jobs assigned to them, their next flights at the top, their calendar,
 * and their own certificates, nothing else. It loads none of the admin's lists (quotes, accounts, messages, the
 * outbox, the overview), which the server refuses a pilot.
 */
function PilotDashboard() {
  const tabs: IconTab[] = [
    {
      value: "jobs",
      label: "Jobs",
      icon: Briefcase,
      panel: (
        <>
          <NextFlights />
          <JobsBoard admin={false} />
        </>
      ),
    },
    { value: "calendar", label: "Calendar", icon: CalendarDays, panel: <FlightCalendar /> },
    { value: "certificates", label: "My certificates", icon: IdCard, panel: <OwnCertificates /> },
  ];
  return (
    <BackOffice
      title="Pilot Dashboard"
      opening="jobs"
      intro="Your assigned jobs: record each flight, move it on to delivery, and write to the customer."
      tabs={tabs}
    />
  );
}

function Dashboard({ user }: { user: PublicUser }) {
  return user.role === "admin" ? <AdminDashboard /> : <PilotDashboard />;
}

/**
 * /admin-dashboard: the home's figures, jobs, quotes, messages, uploads, media, reports, the gallery, the site and its pages' words, customers,
 * payments, the price list, the fleet and compliance records and the settings for admins (after the first-run setup, until it is done); their own jobs, flights and certificates for pilots (docs/product.md §2).
 */
function AdminDashboardPage() {
  return <RequireStaff>{(user) => <Dashboard user={user} />}</RequireStaff>;
}

export default withQueries(AdminDashboardPage);
