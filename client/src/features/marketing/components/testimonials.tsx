import { Quote } from "lucide-react";
import type { PublicTestimonial } from "@common/contract/site-content";
import { Card } from "@/components/ui/card";
import { Section } from "./section";
import { SectionHeading } from "./section-heading";

/** The published testimonials, in the back office's order (docs/product.md §2). */
export function Testimonials({ items }: { items: readonly PublicTestimonial[] }) {
  return (
    <Section id="testimonials" aria-labelledby="testimonials-heading" className="border-y bg-muted/40">
      <SectionHeading id="testimonials-heading" eyebrow="// Client debriefs" title="What our clients say" />
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.id}>
            <Card className="h-full">
              <figure className="flex h-full flex-col gap-4">
                <Quote aria-hidden className="size-6 text-primary" />
                <blockquote className="text-lg break-words">{item.quote}</blockquote>
                <figcaption className="mt-auto">
                  <span className="block font-semibold">{item.author}</span>
                  {item.role ? <span className="block text-sm text-muted-foreground">{item.role}</span> : null}
                </figcaption>
              </figure>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
