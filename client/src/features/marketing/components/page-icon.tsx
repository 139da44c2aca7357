import { type ComponentType, lazy, Suspense } from "react";
import type { ServiceDocument } from "@common/site-pages";
import { cn } from "@/lib/utils";

type PageIconName = ServiceDocument["overview"]["items"][number]["icon"];
type IconModule = { default: ComponentType<{ className?: string; "aria-hidden"?: boolean }> };

/**
 * The picture each icon name of a page document stands for (common/site-pages.ts); the only place
 * they meet. Each loads on its own when first drawn: a page fetches the few its document names, not
 * all of them (the home page's budget, docs/architecture.md §5). The prerendered page has them
 * already, and React keeps them while their code arrives.
 */
const PAGE_ICONS: Readonly<Record<PageIconName, () => Promise<IconModule>>> = {
  activity: () => import("lucide-react/icons/activity"),
  "badge-check": () => import("lucide-react/icons/badge-check"),
  box: () => import("lucide-react/icons/box"),
  "brain-circuit": () => import("lucide-react/icons/brain-circuit"),
  "building-2": () => import("lucide-react/icons/building-2"),
  camera: () => import("lucide-react/icons/camera"),
  "chart-column": () => import("lucide-react/icons/chart-column"),
  clapperboard: () => import("lucide-react/icons/clapperboard"),
  "clipboard-list": () => import("lucide-react/icons/clipboard-list"),
  "cloud-sun": () => import("lucide-react/icons/cloud-sun"),
  cpu: () => import("lucide-react/icons/cpu"),
  crosshair: () => import("lucide-react/icons/crosshair"),
  droplets: () => import("lucide-react/icons/droplets"),
  "file-text": () => import("lucide-react/icons/file-text"),
  flame: () => import("lucide-react/icons/flame"),
  "flask-conical": () => import("lucide-react/icons/flask-conical"),
  gauge: () => import("lucide-react/icons/gauge"),
  grape: () => import("lucide-react/icons/grape"),
  "grid-3x3": () => import("lucide-react/icons/grid-3x3"),
  house: () => import("lucide-react/icons/house"),
  layers: () => import("lucide-react/icons/layers"),
  leaf: () => import("lucide-react/icons/leaf"),
  map: () => import("lucide-react/icons/map"),
  "map-pinned": () => import("lucide-react/icons/map-pinned"),
  "party-popper": () => import("lucide-react/icons/party-popper"),
  plane: () => import("lucide-react/icons/plane"),
  rocket: () => import("lucide-react/icons/rocket"),
  "scan-line": () => import("lucide-react/icons/scan-line"),
  "shield-check": () => import("lucide-react/icons/shield-check"),
  sparkles: () => import("lucide-react/icons/sparkles"),
  sprout: () => import("lucide-react/icons/sprout"),
  "thermometer-sun": () => import("lucide-react/icons/thermometer-sun"),
  tractor: () => import("lucide-react/icons/tractor"),
  trees: () => import("lucide-react/icons/trees"),
  video: () => import("lucide-react/icons/video"),
  wheat: () => import("lucide-react/icons/wheat"),
  zap: () => import("lucide-react/icons/zap"),
};

const loaded = new Map<PageIconName, ReturnType<typeof lazy<IconModule["default"]>>>();

/** A page document's icon, drawn decoratively: the text beside it says what it stands for. */
export function PageIcon({ name, className }: { name: PageIconName; className?: string }) {
  let Icon = loaded.get(name);
  if (!Icon) {
    Icon = lazy(PAGE_ICONS[name]);
    loaded.set(name, Icon);
  }
  return (
    <Suspense fallback={<span aria-hidden className={cn("inline-block", className)} />}>
      <Icon aria-hidden className={className} />
    </Suspense>
  );
}
