import { type ComponentType, Suspense } from "react";
import { Route, Switch } from "wouter";
import { APP_ROUTES, type AppRoute, routeFor } from "@common/routes";
import HomePage from "@/features/marketing/home/home-page";
import { Layout } from "./layout/layout";
import { ScrollManager } from "./layout/scroll-manager";
import NotFound from "./not-found";
import { PageReady } from "./page-ready";
import { type Screen, screen } from "./screen";

// The home page ships in the entry chunk; every other screen loads its own chunk (docs/architecture.md §5).
const SolarPage = screen(() => import("@/features/marketing/solar/solar-page"));
const AgriculturePage = screen(() => import("@/features/marketing/agriculture/agriculture-page"));
const PhotographyPage = screen(() => import("@/features/marketing/photography/photography-page"));
const HeightComparisonPage = screen(() => import("@/features/marketing/height-comparison/height-comparison-page"));
const GalleryPage = screen(() => import("@/features/gallery/gallery-page"));
const LoginPage = screen(() => import("@/features/auth/login-page"));
const ResetPasswordPage = screen(() => import("@/features/auth/reset-password-page"));
// The dashboard shows the quotes feature's Request Custom Quote dialog and the jobs feature's list:
// all load at once, and the app hands them in, as features do not import each other.
const DashboardPage = screen(async () => {
  const [{ default: Dashboard }, { RequestQuoteDialog }, { JobsPanel }] = await Promise.all([
    import("@/features/dashboard/dashboard-page"),
    import("@/features/quotes/request-quote-button"),
    import("@/features/jobs/jobs-panel"),
  ]);
  return { default: () => <Dashboard RequestQuote={RequestQuoteDialog} JobsPanel={JobsPanel} /> };
});
// A job's page shows the findings feature's site map, pins and table: the app hands it in.
const JobPage = screen(async () => {
  const [{ default: Job }, { SiteMapWithFindings }] = await Promise.all([import("@/features/jobs/job-page"), import("@/features/findings/findings-section")]);
  return { default: () => <Job SiteMap={SiteMapWithFindings} /> };
});
const EstimatePage = screen(() => import("@/features/estimates/estimate-page"));
const RequestQuotePage = screen(() => import("@/features/quotes/request-quote-page"));
const CheckoutPage = screen(() => import("@/features/checkout/checkout-page"));
const PaymentSuccessPage = screen(() => import("@/features/checkout/payment-success-page"));
const SharePage = screen(() => import("@/features/share/share-page"));
const AdminPage = screen(() => import("@/features/admin/admin-page"));
const AdminDashboardPage = screen(() => import("@/features/admin/admin-dashboard-page"));
// The admin's job page shows the findings feature's map with pins and table, and its hot-spot candidates, handed in by the app.
const AdminJobPage = screen(async () => {
  const [{ default: AdminJob }, { SiteMapWithFindings }, { CandidatesPanel }] = await Promise.all([
    import("@/features/admin/jobs/admin-job-page"),
    import("@/features/findings/findings-section"),
    import("@/features/findings/candidates/candidates-panel"),
  ]);
  return { default: () => <AdminJob SiteMap={SiteMapWithFindings} Candidates={CandidatesPanel} /> };
});
const FindingsImportPage = screen(async () => {
  const [{ default: ImportPage }, { RequireStaff }] = await Promise.all([import("@/features/findings/import-findings-page"), import("@/features/admin/require-admin")]);
  return { default: () => <ImportPage RequireStaff={RequireStaff} /> };
});
const CustomerPage = screen(() => import("@/features/admin/customers/customer-page"));

/** The screen of each page of common/routes.ts: the compiler asks for one per route. */
const SCREENS: Record<AppRoute, ComponentType> = {
  "/": HomePage,
  "/solar-inspections": SolarPage,
  "/agricultural-services": AgriculturePage,
  "/photography-filming": PhotographyPage,
  "/drone-height-comparison": HeightComparisonPage,
  "/gallery": GalleryPage,
  "/login": LoginPage,
  "/reset-password": ResetPasswordPage,
  "/dashboard": DashboardPage,
  "/dashboard/jobs/:id": JobPage,
  "/dashboard/estimates/:id": EstimatePage,
  "/request-quote": RequestQuotePage,
  "/checkout": CheckoutPage,
  "/payment-success": PaymentSuccessPage,
  "/share/:token": SharePage,
  "/admin": AdminPage,
  "/admin-dashboard": AdminDashboardPage,
  "/admin-dashboard/jobs/:id": AdminJobPage,
  "/admin-dashboard/jobs/:id/findings/import": FindingsImportPage,
  "/admin-dashboard/customers/:id": CustomerPage,
};

/**
 * Fetches the chunk of the page at `pathname` (when it has one of its own) and waits for it, so the
 * first render shows the page rather than "Loading…". Never rejects: a chunk that fails to load is
 * tried again when the page renders, and its error shows there.
 */
export function preloadScreen(pathname: string): Promise<void> {
  const route = routeFor(pathname);
  const page: (ComponentType & Partial<Pick<Screen, "preload">>) | undefined = route && SCREENS[route.path as AppRoute];
  return page?.preload ? page.preload().catch(() => undefined) : Promise.resolve();
}

function Loading() {
  return (
    <div role="status" className="hud-label flex min-h-[60vh] items-center justify-center text-primary">
      Loading…
    </div>
  );
}

export function AppRouter() {
  return (
    <Layout>
      <Suspense fallback={<Loading />}>
        <Switch>
          {APP_ROUTES.map((path) => (
            <Route key={path} path={path} component={SCREENS[path]} />
          ))}
          <Route component={NotFound} />
        </Switch>
        {/* Inside the boundary: it scrolls when the new page commits, not while the old one or a fallback shows. */}
        <ScrollManager />
        <PageReady />
      </Suspense>
    </Layout>
  );
}
