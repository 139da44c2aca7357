import { ChevronDown, CircleUserRound, LayoutDashboard, LogOut, Settings, UserPen } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { backOfficeTab } from "@common/back-office-links";
import { useUser } from "@/api/session";
import { useLogout } from "@/api/session";
import { homeFor } from "@/lib/auth-next";
import { cn } from "@/lib/utils";
import { withQueries } from "@/lib/with-queries";
import { useDismiss } from "./use-dismiss";

/** The back office's Settings tab, which only admins have. */
const SETTINGS = backOfficeTab("settings");

const itemClass = "flex w-full items-center gap-2 rounded-sm px-3 py-2 text-left text-sm hover:bg-muted hover:text-primary [&_svg]:size-4 [&_svg]:shrink-0";

/**
 * The header's account menu (docs/product.md §2): who is signed in, their own screen (Dashboard for
 * customers, Back office for admins and pilots), My profile, Settings for admins, and Log out. A disclosure button over a list of
 * links; Escape, a press outside or choosing an item closes it. The header loads it only when the
 * hint cookie says someone may be signed in, or on an account page, which asks for the user anyway.
 */
function AccountMenu() {
  const { data: user } = useUser();
  const logout = useLogout();
  const [pathname] = useLocation();
  const search = useSearch();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  useDismiss(open, [rootRef], close);

  if (!user) return null;
  const home = homeFor(user.role);
  const onSettings = `${pathname}?${search}` === SETTINGS;
  const name = user.firstName || user.username;

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        className="inline-flex h-10 max-w-48 items-center gap-1.5 rounded-md px-2 text-sm font-medium hover:bg-muted [&_svg]:size-4 [&_svg]:shrink-0"
      >
        <CircleUserRound aria-hidden className="text-primary" />
        <span className="sr-only">Account: </span>
        <span className="truncate max-sm:sr-only">{name}</span>
        <ChevronDown aria-hidden className={cn("transition-transform max-sm:hidden", open && "rotate-180")} />
      </button>
      {open ? (
        <div id={panelId} className="absolute right-0 top-full mt-2 w-60 rounded-md border border-primary/30 bg-card p-1 shadow-lg">
          <p className="truncate px-3 py-2 text-xs text-muted-foreground">
            Signed in as <span className="font-semibold text-foreground">{user.username}</span>
          </p>
          <ul className="border-t border-primary/20 pt-1">
            <li>
              <Link href={home} onClick={() => close(false)} aria-current={pathname === home && !onSettings ? "page" : undefined} className={itemClass}>
                <LayoutDashboard aria-hidden />
                {user.role === "customer" ? "Dashboard" : "Back office"}
              </Link>
            </li>
            <li>
              <Link href="/account" onClick={() => close(false)} aria-current={pathname === "/account" ? "page" : undefined} className={itemClass}>
                <UserPen aria-hidden />
                My profile
              </Link>
            </li>
            {user.role === "admin" ? (
              <li>
                <Link href={SETTINGS} onClick={() => close(false)} aria-current={onSettings ? "page" : undefined} className={itemClass}>
                  <Settings aria-hidden />
                  Settings
                </Link>
              </li>
            ) : null}
            <li>
              <button
                type="button"
                disabled={logout.isPending}
                onClick={() => {
                  close(false);
                  logout.mutate();
                }}
                className={itemClass}
              >
                <LogOut aria-hidden />
                Log out
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export default withQueries(AccountMenu);
