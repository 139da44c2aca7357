import type { ReactNode } from "react";
import { useLocation } from "wouter";
import { routeFor } from "@common/routes";
import { nearViewportPart } from "@/components/ui/near-viewport-part";
import { DocumentMeta } from "./document-meta";
import { Footer } from "./footer";
import { Header } from "./header";
import { Notifications } from "./notifications";

// The contact section every page ends with: its code loads as the reader nears it, not with the
// page's first load (docs/benchmarks.md, "Bytes per route"); a prerendered page shows it meanwhile.
// The footer stays: it changes at once when someone signs in.
const ContactSection = nearViewportPart("contact-part", () => import("./contact-section").then((module) => module.ContactSection), { holdsPage: false });

export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <>
      <a href="#main" className="sr-only z-[60] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        Skip to content
      </a>
      <DocumentMeta />
      <Header />
      {/* At least a screen high: a screen that renders in the browser first shows a short loading state,
          and the contact section and footer must not start in view and then be pushed down (CLS). */}
      <main id="main" tabIndex={-1} className="min-h-screen pt-16 outline-none">
        {children}
      </main>
      <ContactSection compact={routeFor(location)?.signedIn === true} />
      <Footer />
      <Notifications />
    </>
  );
}
