import { Globe } from "lucide-react";
import type { IconTab } from "@/components/ui/dashboard-layout";
import { SocialLinksForm } from "./social-links-form";
import { TestimonialsPanel } from "./testimonials-panel";

/** The back office's Site tab (issue 21): what the public pages say about the business beyond their own text. */
export const SITE_TAB: IconTab = {
  value: "site",
  label: "Site",
  icon: Globe,
  panel: (
    <div className="space-y-10">
      <TestimonialsPanel />
      <SocialLinksForm />
    </div>
  ),
};
