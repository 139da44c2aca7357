import type { ServiceDocument } from "@common/site-pages";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { PageIcon } from "./page-icon";
import { RichText } from "./rich-text";

type Feature = ServiceDocument["overview"]["items"][number];

function FeatureCard({ icon, title, description, points }: Feature) {
  return (
    <Card className="h-full transition-colors hover:border-primary/60">
      <span className="mb-5 inline-flex size-11 items-center justify-center rounded-md border border-primary/40 bg-primary/10 text-primary">
        <PageIcon name={icon} className="size-5" />
      </span>
      <h3 className="text-xl font-semibold tracking-tight">{title}</h3>
      <RichText value={description} className="mt-2 text-muted-foreground" />
      {points.length ? (
        <ul className="mt-4 space-y-1.5 border-t pt-4 text-sm">
          {points.map((point) => (
            <li key={point} className="flex gap-2">
              <span aria-hidden className="font-mono text-primary">
                ›
              </span>
              {point}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

// Literal class names so Tailwind finds them.
const COLUMNS = {
  2: "low:sm:grid-cols-2",
  3: "low:md:grid-cols-3",
  4: "low:sm:grid-cols-2 low:xl:grid-cols-4",
} as const;

/** Four to a row when the cards fill rows of four, else three: no row is left with one card where another count would avoid it. */
export const columnsFor = (count: number): keyof typeof COLUMNS => (count % 4 === 0 && count % 3 !== 0 ? 4 : 3);

interface FeatureGridProps {
  items: readonly Feature[];
  columns: keyof typeof COLUMNS;
  className?: string;
}

/** A responsive list of feature cards: one column on phones, up to `columns` on wide screens. */
export function FeatureGrid({ items, columns, className }: FeatureGridProps) {
  return (
    <ul className={cn("low:grid low:gap-6", COLUMNS[columns], className)}>
      {items.map((item) => (
        <li key={item.title}>
          <FeatureCard {...item} />
        </li>
      ))}
    </ul>
  );
}
