import { CaseStudiesPanel } from "./case-studies-panel";
import { BadgesPanel } from "./badges-panel";
import { SocialLinksForm } from "./social-links-form";
import { TestimonialsPanel } from "./testimonials-panel";

/** The back office's Site tab (docs/product.md §2, Back office: Site): what the public pages say about the business beyond their own text. */
export function SiteTab() {
  return (
    <div className="space-y-10">
      <CaseStudiesPanel />
      <TestimonialsPanel />
      <BadgesPanel />
      <SocialLinksForm />
    </div>
  );
}
