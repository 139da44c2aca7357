import { type ComponentType, Suspense } from "react";
import { Route, Switch, useLocation } from "wouter";
import { APP_ROUTES, type AppRoute, routeFor } from "@common/routes";
import { BUILT_IN_SERVICE_KEYS, pageRoute } from "@common/site-page-keys";
import { isServicePageVisible } from "@/features/marketing/content/page-documents";
import HomePage from "@/features/marketing/home/home-page";
import { Layout } from "./layout/layout";
import { ScrollManager } from "./layout/scroll-manager";
import { PageReady } from "./page-ready";
import { type Screen, screen } from "./screen";

// The home page ships in the app's chunk (client/src/start.tsx); every other screen loads its own chunk (docs/architecture.md §5).
const SolarPage = screen(() => import("@/features/marketing/solar/solar-page"));
const AgriculturePage = screen(() => import("@/features/marketing/agriculture/agriculture-page"));
const PhotographyPage = screen(() => import("@/features/marketing/photography/photography-page"));
const AddedServicePage = screen(() => import("@/features/marketing/added/added-service-page"));
// Rare, so not in the entry chunk: an address that is not found waits for it as for any page.
const NotFound = screen(() => import("./not-found"));
const HeightComparisonPage = screen(() => import("@/features/marketing/height-comparison/height-comparison-page"));
const GalleryPage = screen(() => import("@/features/gallery/gallery-page"));
const LoginPage = screen(() => import("@/features/auth/login-page"));
const ResetPasswordPage = screen(() => import("@/features/auth/reset-password-page"));
const InvitationPage = screen(() => import("@/features/auth/invitation-page"));
const AccountPage = screen(() => import("@/features/account/account-page"));
// Screens that show other features' parts (the dashboard's quote dialog and jobs list, a job's
// findings map) are composed in screens/, one module each: one chunk per screen, so Rolldown does not
// copy the small modules both halves share into each (decision 0040).
const DashboardPage = screen(() => import("./screens/dashboard-screen"));
const JobPage = screen(() => import("./screens/job-screen"));
const EstimatePage = screen(() => import("@/features/estimates/estimate-page"));
const RequestQuotePage = screen(() => import("@/features/quotes/request-quote-page"));
const CheckoutPage = screen(() => import("@/features/checkout/checkout-page"));
const PaymentSuccessPage = screen(() => import("@/features/checkout/payment-success-page"));
const SharePage = screen(() => import("@/features/share/share-page"));
const PreviewPage = screen(() => import("@/features/marketing/preview/preview-page"));
const AdminPage = screen(() => import("@/features/admin/admin-page"));
const AdminDashboardPage = screen(() => import("@/features/admin/admin-dashboard-page"));
const AdminJobPage = screen(() => import("./screens/admin-job-screen"));
const FindingsImportPage = screen(() => import("./screens/findings-import-screen"));
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
  "/invitation": InvitationPage,
  "/account": AccountPage,
  "/dashboard": DashboardPage,
  "/dashboard/jobs/:id": JobPage,
  "/dashboard/estimates/:id": EstimatePage,
  "/request-quote": RequestQuotePage,
  "/checkout": CheckoutPage,
  "/payment-success": PaymentSuccessPage,
  "/share/:token": SharePage,
  "/preview/:token": PreviewPage,
  "/admin": AdminPage,
  "/admin-dashboard": AdminDashboardPage,
  "/admin-dashboard/jobs/:id": AdminJobPage,
  "/admin-dashboard/jobs/:id/findings/import": FindingsImportPage,
  "/admin-dashboard/customers/:id": CustomerPage,
};

const isBuiltInServicePath = (pathname: string) => (BUILT_IN_SERVICE_KEYS as readonly string[]).includes(pathname.slice(1));

/**
 * The screen a path shows: its route's, except that a service page shows only while it is on the
 * site (a SPEC page the business hid, an added page not published or hidden: the not-found page, as
 * the server answers them with 404), and any other one-segment address is an added page's
 * (docs/decisions/0061-site-pages.md).
 */
function screenAt(pathname: string): ComponentType & Partial<Pick<Screen, "preload">> {
  const route = routeFor(pathname);
  if ((!route || isBuiltInServicePath(pathname)) && !isServicePageVisible(pathname.slice(1))) return NotFound;
  return route ? SCREENS[route.path as AppRoute] : AddedServicePage;
}

/** A service page's address, SPEC's or one the business added: the screen screenAt decides, on every render. */
function ServiceScreen() {
  const [pathname] = useLocation();
  const Page = screenAt(pathname);
  return <Page />;
}

/** What the router renders at each route: SPEC's service pages by ServiceScreen. */
const ROUTED: Record<AppRoute, ComponentType> = {
  ...SCREENS,
  ...Object.fromEntries(BUILT_IN_SERVICE_KEYS.map((key) => [pageRoute(key), ServiceScreen])),
};

/**
 * Fetches the chunk of the page at `pathname` (when it has one of its own) and waits for it, so the
 * first render shows the page rather than "Loading…". Never rejects: a chunk that fails to load is
 * tried again when the page renders, and its error shows there.
 */
export function preloadScreen(pathname: string): Promise<void> {
  const page = screenAt(pathname);
  return page.preload ? page.preload(pathname).catch(() => undefined) : Promise.resolve();
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
            <Route key={path} path={path} component={ROUTED[path]} />
          ))}
          <Route path="/:slug" component={ServiceScreen} />
          <Route component={NotFound} />
        </Switch>
        {/* Inside the boundary: it scrolls when the new page commits, not while the old one or a fallback shows. */}
        <ScrollManager />
        <PageReady />
      </Suspense>
    </Layout>
  );
}
