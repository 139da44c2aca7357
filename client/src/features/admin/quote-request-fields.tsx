import type { ParsedQuote } from "@common/quotes";
import { serviceLabel } from "@common/services-offered";
import { Badge } from "@/components/ui/card";
import { MessagePreview } from "./message-preview";

/**
 * A quote request read back from its contact message (docs/product.md §3): the service, the
 * description, the budget and the timeline as fields, never the raw "CUSTOM QUOTE REQUEST:" text.
 */
export function QuoteRequestFields({ quote, from }: { quote: ParsedQuote; from: string }) {
  return (
    <div className="space-y-2">
      <Badge className="border-accent/60 bg-transparent text-accent">Quote request</Badge>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="hud-label text-muted-foreground">Service</dt>
        <dd>{serviceLabel(quote.serviceType)}</dd>
        <dt className="hud-label text-muted-foreground">Description</dt>
        <dd className="min-w-0">
          <MessagePreview message={quote.description} from={from} />
        </dd>
        <dt className="hud-label text-muted-foreground">Budget</dt>
        <dd>{quote.budget || "Not specified"}</dd>
        <dt className="hud-label text-muted-foreground">Timeline</dt>
        <dd>{quote.timeline || "Not specified"}</dd>
      </dl>
    </div>
  );
}
