import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import HomePage from "@/features/marketing/home/home-page";
import { Layout } from "./layout/layout";
import { ScrollManager } from "./layout/scroll-manager";
import NotFound from "./not-found";
import { PageReady } from "./page-ready";

// The home page ships in the entry chunk; every other screen loads its own chunk (DESIGN §5).
const SolarPage = lazy(() => import("@/features/marketing/solar/solar-page"));
const AgriculturePage = lazy(() => import("@/features/marketing/agriculture/agriculture-page"));
const PhotographyPage = lazy(() => import("@/features/marketing/photography/photography-page"));
const HeightComparisonPage = lazy(() => import("@/features/marketing/height-comparison/height-comparison-page"));
const GalleryPage = lazy(() => import("@/features/gallery/gallery-page"));
const LoginPage = lazy(() => import("@/features/auth/login-page"));
const ResetPasswordPage = lazy(() => import("@/features/auth/reset-password-page"));
const DashboardPage = lazy(() => import("./dashboard-screen"));
const RequestQuotePage = lazy(() => import("@/features/quotes/request-quote-page"));
const CheckoutPage = lazy(() => import("@/features/checkout/checkout-page"));
const PaymentSuccessPage = lazy(() => import("@/features/checkout/payment-success-page"));
const AdminPage = lazy(() => import("@/features/admin/admin-page"));
const AdminDashboardPage = lazy(() => import("@/features/admin/admin-dashboard-page"));

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
          <Route path="/" component={HomePage} />
          <Route path="/solar-inspections" component={SolarPage} />
          <Route path="/agricultural-services" component={AgriculturePage} />
          <Route path="/photography-filming" component={PhotographyPage} />
          <Route path="/drone-height-comparison" component={HeightComparisonPage} />
          <Route path="/gallery" component={GalleryPage} />
          <Route path="/login" component={LoginPage} />
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route path="/dashboard" component={DashboardPage} />
          <Route path="/request-quote" component={RequestQuotePage} />
          <Route path="/checkout" component={CheckoutPage} />
          <Route path="/payment-success" component={PaymentSuccessPage} />
          <Route path="/admin" component={AdminPage} />
          <Route path="/admin-dashboard" component={AdminDashboardPage} />
          <Route component={NotFound} />
        </Switch>
        {/* Inside the boundary: it scrolls when the new page commits, not while the old one or a fallback shows. */}
        <ScrollManager />
        <PageReady />
      </Suspense>
    </Layout>
  );
}
