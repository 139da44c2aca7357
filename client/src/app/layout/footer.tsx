import { Link, useLocation } from "wouter";
import { useSignedInHint } from "@/lib/auth-hint";
import { useSiteConfig } from "@/lib/site-config";
import { useHydrated } from "@/lib/use-hydrated";
import { visibleServicePages } from "@/features/marketing/content/page-documents";
import { navItemsOf } from "./nav-items";

/**
 * Pages are prerendered in the build's year. React leaves that text alone while it adopts the page
 * (the mismatch is allowed), then the new key replaces it with the visitor's year.
 */
function CurrentYear() {
  const hydrated = useHydrated();
  return (
    <span key={hydrated ? "browser" : "prerendered"} suppressHydrationWarning>
      {new Date().getFullYear()}
    </span>
  );
}

export function Footer() {
  const { businessName } = useSiteConfig();
  // Someone signed in has the header's account menu; "Customer login" would only bounce them. Read
  // again on each navigation, as logging in and out both navigate.
  useLocation();
  const signedIn = useSignedInHint();
  const all = navItemsOf(visibleServicePages(), "footer");
  const items = signedIn ? all.filter((item) => item.href !== "/login") : all;
  return (
    <footer className="border-t px-4 py-10 sm:px-6 lg:px-8">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 text-sm text-muted-foreground md:flex-row md:items-center md:justify-between">
        <p>
          © <CurrentYear /> {businessName}. Precision Aerial Solutions.
        </p>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2">
          {items.map((item) => (
            <Link key={item.href} href={item.href} className="hover:text-primary">
              {item.label}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
