import { type ReactNode, useDeferredValue, useEffect } from "react";
import { useLocation } from "wouter";
import type { PublicUser } from "@common/contract/users";
import { useUser } from "@/api/session";
import { useHydrated } from "@/lib/use-hydrated";

function Checking() {
  return (
    <div role="status" className="hud-label flex min-h-[50vh] items-center justify-center text-primary">
      Checking your session…
    </div>
  );
}

/**
 * Renders children for a logged-in user; a visitor goes to /login and comes back afterwards.
 * - While React adopts the prerendered screen (its frame around "Checking your session…") it renders
 *   that too, even if the session is already known: the header's account menu may have read it before
 *   the page's chunk arrived, and rendering the page then would not match the HTML being adopted.
 * - The screen behind the check is drawn in a background render, which React splits into slices
 *   that let input through: React Query's answers re-render at once, in one task.
 */
export function RequireAuth({ children }: { children: (user: PublicUser) => ReactNode }) {
  const hydrated = useHydrated();
  const { data, isLoading } = useUser();
  const user = useDeferredValue(hydrated ? data : undefined);
  const [location, navigate] = useLocation();
  useEffect(() => {
    if (!isLoading && !data) navigate(`/login?next=${encodeURIComponent(location + window.location.search)}`, { replace: true });
  }, [isLoading, data, location, navigate]);
  if (!user) return <Checking />;
  return <>{children(user)}</>;
}
