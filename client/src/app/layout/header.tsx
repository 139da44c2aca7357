import { Menu, X } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import logoMark from "@/assets/illustrations/logo-mark.svg";
import { buttonVariants } from "@/components/ui/button";
import { useMayBeSignedIn } from "@/lib/auth-hint";
import { useSiteConfig } from "@/lib/site-config";
import { cn } from "@/lib/utils";
import { visibleServicePages } from "@/features/marketing/content/page-documents";
import { HEADER_SOLID_AFTER_PX, headerOpacity, isNavItemActive, navItemsOf } from "./nav-items";
import { ThemeToggle } from "./theme-toggle";

// Loaded only for someone who may be signed in: a visitor's public page stays free of the data layer.
/** SPEC's name is 10 letters; a longer one would wrap the phone header onto three lines at its full size. */
const LONG_NAME = 12;

const AccountMenu = lazy(() => import("./account-menu"));

function useScrollY(): number {
  const [scrollY, setScrollY] = useState(0);
  useEffect(() => {
    const update = () => setScrollY(window.scrollY);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return scrollY;
}

export function Header() {
  const [pathname] = useLocation();
  const scrollY = useScrollY();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const solid = scrollY > HEADER_SOLID_AFTER_PX;
  const { businessName, logoUrl } = useSiteConfig();
  const mayBeSignedIn = useMayBeSignedIn(pathname);

  // Scrolling the page leaves the menu behind: it closes (the header already follows the scroll).
  useEffect(() => setMenuOpen(false), [scrollY]);

  const navLinks = (onChoose?: () => void) =>
    navItemsOf(visibleServicePages(), "nav").map((item) => {
      const active = isNavItemActive(item.href, pathname);
      return (
        <Link
          key={item.href}
          href={item.href}
          onClick={onChoose}
          aria-current={active ? "page" : undefined}
          className={cn(
            "hud-label rounded-sm px-3 py-2 transition-colors hover:text-primary",
            active ? "text-primary underline decoration-2 underline-offset-8" : "text-foreground/85",
          )}
        >
          {item.label}
        </Link>
      );
    });

  return (
    <header
      data-testid="site-header"
      className={cn(
        "fixed inset-x-0 top-0 z-50 border-b transition-[backdrop-filter,border-color]",
        solid ? "border-primary/25 backdrop-blur-md" : "border-transparent",
      )}
      style={{ backgroundColor: `rgb(var(--header-rgb) / ${headerOpacity(scrollY)})` }}
      onKeyDown={(event) => {
        // Focus is in the header while its menu is open: on the toggle, or on an item.
        if (event.key === "Escape" && menuOpen) {
          setMenuOpen(false);
          toggleRef.current?.focus();
        }
      }}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link href="/" className="flex min-w-0 items-center gap-2.5 rounded-sm" aria-label={`${businessName} home`}>
          {/* The business's own logo when it uploaded one (at most 256 px high, shown 32 px high), else the product's mark. */}
          {logoUrl ? (
            <img src={logoUrl} alt="" height={32} className="h-8 w-auto max-w-32 object-contain" />
          ) : (
            <img src={logoMark} alt="" width={32} height={32} className="size-8" />
          )}
          {/* A name longer than SPEC's goes smaller on a phone, on at most two lines, so the header keeps its height. */}
          <span
            className={cn(
              "font-mono text-lg font-bold tracking-[0.2em]",
              businessName.length > LONG_NAME && "line-clamp-2 text-sm leading-tight tracking-[0.12em] sm:text-lg sm:leading-normal sm:tracking-[0.2em]",
            )}
          >
            {businessName.toUpperCase()}
          </span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {navLinks()}
        </nav>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          {mayBeSignedIn ? (
            <Suspense fallback={null}>
              <AccountMenu />
            </Suspense>
          ) : null}
          <Link href="/request-quote" className={cn(buttonVariants({ size: "sm" }), "hidden sm:inline-flex")}>
            GET QUOTE
          </Link>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-md hover:bg-muted md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
          </button>
        </div>
      </div>
      {menuOpen ? (
        // Under the open menu, the rest of the screen: a tap there closes the menu and reaches nothing else.
        <div aria-hidden className="absolute inset-x-0 top-full -z-10 h-dvh md:hidden" onPointerDown={() => setMenuOpen(false)} />
      ) : null}
      {menuOpen ? (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-primary/25 bg-background/95 px-4 pb-4 pt-2 backdrop-blur-md md:hidden">
          <div className="flex flex-col">{navLinks(() => setMenuOpen(false))}</div>
          <Link href="/request-quote" onClick={() => setMenuOpen(false)} className={cn(buttonVariants(), "mt-3 w-full")}>
            GET QUOTE
          </Link>
        </nav>
      ) : null}
    </header>
  );
}
