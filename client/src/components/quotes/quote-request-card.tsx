import type { ReactNode } from "react";
import { serviceLabel } from "@common/services-offered";
import { formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { PaymentStatusBadge } from "@/components/billing/payment-status";
import { Badge, Card } from "@/components/ui/card";
import { type Detail, DetailList } from "@/components/ui/detail-list";

interface QuoteRequestCardProps {
  quote: { serviceType: string; createdAt: string; description: string; paid: boolean };
  status: { label: string; className: string };
  /** Who asked, under the service (the back office's view). */
  byline?: ReactNode;
  details: readonly Detail[];
  /** Notes and actions under the details. */
  children?: ReactNode;
}

/** One quote request: its service, when it was asked, its status, the request itself and its details. */
export function QuoteRequestCard({ quote, status, byline, details, children }: QuoteRequestCardProps) {
  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold">{serviceLabel(quote.serviceType)}</h3>
          {byline}
          <p className="hud-label mt-1 text-muted-foreground">
            Submitted <time dateTime={quote.createdAt}>{formatDate(quote.createdAt)}</time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge className={cn("text-xs", status.className)}>{status.label}</Badge>
          {quote.paid ? <PaymentStatusBadge status="succeeded">Paid</PaymentStatusBadge> : null}
        </div>
      </div>
      <p className="break-words whitespace-pre-line text-muted-foreground">{quote.description}</p>
      {details.length ? <DetailList details={details} /> : null}
      {children}
    </Card>
  );
}
