import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** A tab panel's heading row: a title, optional actions, and Refresh. */
export function PanelHeader({ id, title, refreshing, onRefresh, children }: { id: string; title: string; refreshing: boolean; onRefresh: () => void; children?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-4">
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        {children}
        <Button type="button" variant="outline" size="sm" disabled={refreshing} onClick={onRefresh}>
          <RefreshCw aria-hidden className={refreshing ? "animate-spin" : undefined} />
          Refresh
        </Button>
      </div>
    </div>
  );
}

export function LoadingState({ label }: { label: string }) {
  return (
    <p role="status" className="hud-label py-8 text-primary">
      {label}
    </p>
  );
}

export function EmptyState({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="hud-grid flex flex-col items-center gap-4 rounded-lg border border-dashed px-6 py-12 text-center">
      <span className="text-primary [&_svg]:size-10" aria-hidden>
        {icon}
      </span>
      <p className="max-w-md text-muted-foreground">{children}</p>
    </div>
  );
}
