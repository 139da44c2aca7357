import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { PanelHeader } from "@/components/ui/panel-states";

/** The shared panel heading with a Refresh button after any other actions. */
export function RefreshingPanelHeader({
  id,
  title,
  refreshing,
  onRefresh,
  children,
}: {
  id: string;
  title: string;
  refreshing: boolean;
  onRefresh: () => void;
  children?: ReactNode;
}) {
  return (
    <PanelHeader id={id} title={title}>
      {children}
      <Button type="button" variant="outline" size="sm" disabled={refreshing} onClick={onRefresh}>
        <RefreshCw aria-hidden className={refreshing ? "animate-spin" : undefined} />
        Refresh
      </Button>
    </PanelHeader>
  );
}
