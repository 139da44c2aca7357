import type { CaseStudyCard as CaseStudyCardData } from "@common/contract/case-studies";
import { CaseStudyCard } from "@/components/case-studies/case-study-card";
import { Section } from "./section";
import { SectionHeading } from "./section-heading";

/** Delivered jobs told with their customers' consent (docs/product.md §2), newest consent first. */
export function CaseStudies({ items }: { items: readonly CaseStudyCardData[] }) {
  return (
    <Section id="case-studies" aria-labelledby="case-studies-heading" className="border-t">
      <SectionHeading
        id="case-studies-heading"
        eyebrow="// Case studies"
        title="Jobs we have delivered"
        intro="Before and after, and what the work came to, published with each customer's consent."
      />
      <ul className="grid gap-6 lg:grid-cols-2" aria-label="Case studies">
        {items.map((item) => (
          <li key={item.id}>
            <CaseStudyCard study={item} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
