import type { ReactNode } from "react";
import { ContactSection } from "./contact-section";
import { DocumentMeta } from "./document-meta";
import { Footer } from "./footer";
import { Header } from "./header";
import { Notifications } from "./notifications";

export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <DocumentMeta />
      <Header />
      <main id="main" tabIndex={-1} className="pt-16 outline-none">
        {children}
      </main>
      <ContactSection />
      <Footer />
      <Notifications />
    </>
  );
}
