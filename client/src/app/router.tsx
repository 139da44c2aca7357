import { type ComponentType, lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { APP_ROUTES, type AppRoute } from "@common/routes";
import HomePage from "@/features/marketing/home/home-page";
import { Layout } from "./layout/layout";
import { ScrollManager } from "./layout/scroll-manager";
import NotFound from "./not-found";
import { PageReady } from "./page-ready";

// The home page ships in the entry chunk; every other screen loads its own chunk (docs/architecture.md §5).
const SolarPage = lazy(() => import("@/features/marketing/solar/solar-page"));
const AgriculturePage = lazy(() => import("@/features/marketing/agriculture/agriculture-page"));
const PhotographyPage = lazy(() => import("@/features/marketing/photography/photography-page"));
const HeightComparisonPage = lazy(() => import("@/features/marketing/height-comparison/height-comparison-page"));
const GalleryPage = lazy(() => import("@/features/gallery/gallery-page"));
const LoginPage = lazy(() => import("@/features/auth/login-page"));
const ResetPasswordPage = lazy(() => import("@/features/auth/reset-password-page"));
// The dashboard shows the quotes feature's Request Custom Quote dialog and the jobs feature's list:
// all load at once, and the app hands them in, as features do not import each other.
const DashboardPage = lazy(async () => {
  const [{ default: Dashboard }, { RequestQuoteDialog }, { JobsPanel }] = await Promise.all([
    import("@/features/dashboard/dashboard-page"),
    import("@/features/quotes/quote-dialog"),
    import("@/features/jobs/jobs-panel"),
  ]);
  return { default: () => <Dashboard RequestQuote={RequestQuoteDialog} JobsPanel={JobsPanel} /> };
});
const JobPage = lazy(() => import("@/features/jobs/job-page"));
const EstimatePage = lazy(() => import("@/features/estimates/estimate-page"));
const RequestQuotePage = lazy(() => import("@/features/quotes/request-quote-page"));
const CheckoutPage = lazy(() => import("@/features/checkout/checkout-page"));
const PaymentSuccessPage = lazy(() => import("@/features/checkout/payment-success-page"));
const AdminPage = lazy(() => import("@/features/admin/admin-page"));
const AdminDashboardPage = lazy(() => import("@/features/admin/admin-dashboard-page"));
const AdminJobPage = lazy(() => import("@/features/admin/jobs/admin-job-page"));
const CustomerPage = lazy(() => import("@/features/admin/customers/customer-page"));

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
  "/admin": AdminPage,
  "/admin-dashboard": AdminDashboardPage,
  "/admin-dashboard/jobs/:id": AdminJobPage,
  "/admin-dashboard/customers/:id": CustomerPage,
};

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
