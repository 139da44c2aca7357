import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { ImportSiteLayoutProps } from "./import-site-layout";
import { ImportSiteLayoutTrigger } from "./import-site-layout-trigger";

/** "Import site layout": the button, and its dialog (import-site-layout.tsx) loaded when it is first pressed, so the job page stays within its first-screen budget (e2e/budget.spec.ts). */
export const ImportSiteLayoutButton = dialogOnDemand<ImportSiteLayoutProps>(
  () => import("./import-site-layout").then((module) => module.ImportSiteLayout),
  () => <ImportSiteLayoutTrigger />,
);
