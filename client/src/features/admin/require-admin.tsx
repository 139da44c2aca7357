import { ShieldAlert } from "lucide-react";
import { getSiteConfig } from "@/lib/site-config";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { PublicUser } from "@common/contract/users";
import { buttonVariants } from "@/components/ui/button";
import { RequireAuth } from "@/components/require-auth";

/** What a signed-in account that may not see the screen reads instead: a pilot is sent back to their jobs, a customer to their dashboard. */
function NotAllowed({ user }: { user: PublicUser }) {
  const pilot = user.role === "pilot";
  return (
    <div className="hud-grid flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div className="max-w-lg space-y-5 text-center">
        <ShieldAlert aria-hidden className="mx-auto size-12 text-destructive" />
        <p className="hud-label text-primary">{"// Access restricted"}</p>
        <h1 className="text-3xl font-bold tracking-tight">Administrators only</h1>
        <p className="text-muted-foreground">
          {pilot
            ? `This area is for ${getSiteConfig().businessName} administrators. As a pilot, you work on the jobs assigned to you in the back office.`
            : `This area is for ${getSiteConfig().businessName} administrators. Your account can see its subscriptions, reports, media and quotes on your dashboard.`}
        </p>
        <Link href={pilot ? "/admin-dashboard" : "/dashboard"} className={buttonVariants({ variant: "outline" })}>
          {pilot ? "Back to your jobs" : "Back to your dashboard"}
        </Link>
      </div>
    </div>
  );
}

/** Whether the account works in the back office: an admin, or a pilot on the jobs assigned to them (docs/product.md §6). */
const isStaff = (user: PublicUser): boolean => user.role === "admin" || user.role === "pilot";

/**
 * Renders children for an administrator only; visitors go to /login, others see a notice.
 * The server answers 401/403 to every admin call regardless (docs/architecture.md §4): this only hides screens.
 */
export function RequireAdmin({ children }: { children: (user: PublicUser) => ReactNode }) {
  return <RequireAuth>{(user) => (user.role === "admin" ? children(user) : <NotAllowed user={user} />)}</RequireAuth>;
}

/**
 * Renders children for the back office's staff: admins, and pilots (who see only their own jobs,
 * docs/product.md §2). Customers see the notice; visitors go to /login.
 */
export function RequireStaff({ children }: { children: (user: PublicUser) => ReactNode }) {
  return <RequireAuth>{(user) => (isStaff(user) ? children(user) : <NotAllowed user={user} />)}</RequireAuth>;
}
