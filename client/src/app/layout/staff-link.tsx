import { useQuery } from "@tanstack/react-query";
import { LayoutDashboard } from "lucide-react";
import { Link, useLocation } from "wouter";
import type { PublicUser } from "@common/contract/users";
import { USER_QUERY_KEY } from "@/lib/auth";
import { withQueries } from "@/lib/with-queries";

/**
 * The header's way into the back office, for its staff: admins and pilots (docs/product.md §2). It
 * reads the user the page has loaded already and asks the server nothing itself, so a visitor's
 * page makes no extra request; the link appears once the page knows who is signed in.
 */
function StaffLink({ className, onChoose }: { className: string; onChoose?: () => void }) {
  const [pathname] = useLocation();
  const { data: user } = useQuery<PublicUser | null>({ queryKey: USER_QUERY_KEY, enabled: false });
  if (user?.role !== "admin" && user?.role !== "pilot") return null;
  return (
    <Link href="/admin-dashboard" onClick={onChoose} aria-current={pathname.startsWith("/admin-dashboard") ? "page" : undefined} className={className}>
      <LayoutDashboard aria-hidden />
      <span>BACK OFFICE</span>
    </Link>
  );
}

export default withQueries(StaffLink);
