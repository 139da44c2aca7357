import { Menu, X } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { routeFor } from "@common/routes";
import logoMark from "@/assets/illustrations/logo-mark.svg";
import { buttonVariants } from "@/components/ui/button";
import { getSiteConfig } from "@/lib/site-config";
import { cn } from "@/lib/utils";
import { HEADER_SOLID_AFTER_PX, headerOpacity, isNavItemActive, NAV_ITEMS } from "./nav-items";
import { ThemeToggle } from "./theme-toggle";

// Only account and back-office pages load it: the public pages stay free of the data layer.
const StaffLink = lazy(() => import("./staff-link"));

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
  const solid = scrollY > HEADER_SOLID_AFTER_PX;
  const { businessName } = getSiteConfig();
  // Staff reach the back office from the pages where they are signed in (not the prerendered public ones).
  const onAccountPage = routeFor(pathname)?.public === false;
  const staffLink = (className: string, onChoose?: () => void) =>
    onAccountPage ? (
      <Suspense fallback={null}>
        <StaffLink className={className} onChoose={onChoose} />
      </Suspense>
    ) : null;

  const navLinks = (onChoose?: () => void) =>
    NAV_ITEMS.map((item) => {
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
      className={cn("fixed inset-x-0 top-0 z-50 border-b border-transparent transition-[backdrop-filter,border-color]", solid && "border-primary/25 backdrop-blur-md")}
      style={{ backgroundColor: `rgb(var(--header-rgb) / ${headerOpacity(scrollY)})` }}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link href="/" className="flex items-center gap-2.5 rounded-sm" aria-label={`${businessName} home`}>
          <img src={logoMark} alt="" width={32} height={32} className="size-8" />
          <span className="font-mono text-lg font-bold tracking-[0.2em]">{businessName.toUpperCase()}</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {navLinks()}
        </nav>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          {staffLink(cn(buttonVariants({ size: "sm", variant: "outline" }), "hidden md:inline-flex max-lg:px-2 max-lg:[&>span]:sr-only"))}
          <Link href="/request-quote" className={cn(buttonVariants({ size: "sm" }), "hidden sm:inline-flex")}>
            GET QUOTE
          </Link>
          <button
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
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-primary/25 bg-background/95 px-4 pb-4 pt-2 backdrop-blur-md md:hidden">
          <div className="flex flex-col">
            {navLinks(() => setMenuOpen(false))}
            {staffLink("hud-label flex items-center gap-2 rounded-sm px-3 py-2 text-foreground/85 transition-colors hover:text-primary [&_svg]:size-4", () => setMenuOpen(false))}
          </div>
          <Link href="/request-quote" onClick={() => setMenuOpen(false)} className={cn(buttonVariants(), "mt-3 w-full")}>
            GET QUOTE
          </Link>
        </nav>
      ) : null}
    </header>
  );
}
