import type { ReactNode } from "react";
import { Badge, Card } from "@/components/ui/card";
import { PaymentStatusBadge } from "@/components/ui/payment-status";
import { cn } from "@/lib/utils";
import { formatDate, formatUsd } from "@/lib/format";
import { serviceLabel } from "@common/quotes";
import type { AdminQuote } from "@common/contract/quotes";
import { STATUS_TONES } from "@/lib/status-tones";
import { DetailList } from "@/components/ui/detail-list";

const statusStyles: Record<AdminQuote["status"], { label: string; className: string }> = {
  pending: { label: "Pending", className: STATUS_TONES.waiting },
  accepted: { label: "Accepted", className: STATUS_TONES.good },
  declined: { label: "Declined", className: STATUS_TONES.bad },
  completed: { label: "Completed", className: STATUS_TONES.info },
};

/** One quote request as an admin reads it, with the actions its status allows. */
export function QuoteCard({ quote, actions }: { quote: AdminQuote; actions?: ReactNode }) {
  const status = statusStyles[quote.status];
  const details = [
    { term: "Budget", value: quote.budget || "Not specified" },
    { term: "Timeline", value: quote.timeline || "Not specified" },
    ...(quote.price === null ? [] : [{ term: "Price (USD)", value: formatUsd(quote.price) }]),
  ];

  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold">{serviceLabel(quote.serviceType)}</h3>
          <p className="mt-1 text-sm break-words text-muted-foreground">
            <span className="font-semibold text-foreground">{quote.customerName}</span>{" "}
            <a href={`mailto:${quote.customerEmail}`} className="text-primary underline-offset-4 hover:underline">
              {quote.customerEmail}
            </a>
          </p>
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
      <DetailList details={details} />
      {actions ? <div className="flex flex-wrap gap-3 pt-1">{actions}</div> : null}
    </Card>
  );
}
