import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

export interface Detail {
  term: string;
  value: ReactNode;
  /** Classes of the value, in a summary list (the amount's larger mono type, say). */
  valueClassName?: string;
}

/** Term/value pairs side by side, wrapping: the details of a quote or a subscription. */
export function DetailList({ details }: { details: readonly Detail[] }) {
  return (
    <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
      {details.map((detail) => (
        <div key={detail.term}>
          <dt className="hud-label text-muted-foreground">{detail.term}</dt>
          <dd className={cn("low:mt-0.5", detail.valueClassName)}>{detail.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Term/value rows in a bordered box, values right-aligned: what a payment is for and costs. */
export function SummaryList({ details }: { details: readonly Detail[] }) {
  return (
    <dl className="divide-y rounded-md border bg-background/40 text-sm">
      {details.map((detail) => (
        <div key={detail.term} className="flex items-baseline justify-between gap-4 px-4 py-3">
          <dt className="hud-label text-muted-foreground">{detail.term}</dt>
          <dd className={cn("low:text-right low:font-semibold", detail.valueClassName)}>{detail.value}</dd>
        </div>
      ))}
    </dl>
  );
}
