import type { ReactNode } from "react";
import { paymentStatusView } from "@/api/payments";
import { cn } from "@/lib/utils";
import { Badge } from "@/components/ui/card";

/** A payment's status in its colour; `children` renames it (a paid quote reads "Paid"). */
export function PaymentStatusBadge({ status, children }: { status: string; children?: ReactNode }) {
  const view = paymentStatusView(status);
  return <Badge className={cn("text-xs", view.className)}>{children ?? view.label}</Badge>;
}

/** The status of a payment in a list and, when it failed, the provider's reason (docs/product.md §8). */
export function PaymentOutcome({ payment }: { payment: { status: string; failureMessage: string | null } }) {
  return (
    <div className="space-y-1">
      <PaymentStatusBadge status={payment.status} />
      {payment.status === "failed" && payment.failureMessage ? <p className="text-destructive">{payment.failureMessage}</p> : null}
    </div>
  );
}
