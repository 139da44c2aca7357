import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { PublicUser } from "@common/contract/users";
import { buttonVariants } from "@/components/ui/button";
import { RequireAuth } from "@/lib/auth";

function NotAllowed() {
  return (
    <div className="hud-grid flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div className="max-w-lg space-y-5 text-center">
        <ShieldAlert aria-hidden className="mx-auto size-12 text-destructive" />
        <p className="hud-label text-primary">{"// Access restricted"}</p>
        <h1 className="text-3xl font-bold tracking-tight">Administrators only</h1>
        <p className="text-muted-foreground">
          This area is for SkyVantage administrators. Your account can see its subscriptions, reports, media and quotes on your dashboard.
        </p>
        <Link href="/dashboard" className={buttonVariants({ variant: "outline" })}>
          Back to your dashboard
        </Link>
      </div>
    </div>
  );
}

/**
 * Renders children for an administrator only; visitors go to /login, customers see a notice.
 * The server answers 401/403 to every admin call regardless (docs/architecture.md §4): this only hides screens.
 */
export function RequireAdmin({ children }: { children: (user: PublicUser) => ReactNode }) {
  return <RequireAuth>{(user) => (user.role === "admin" ? children(user) : <NotAllowed />)}</RequireAuth>;
}
