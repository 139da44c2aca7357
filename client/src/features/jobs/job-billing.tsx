import { CreditCard, FileSignature } from "lucide-react";
import { Link } from "wouter";
import type { Estimate } from "@common/contract/estimates";
import { formatMoney } from "@common/money";
import { CustomerInvoicesTable } from "@/components/billing/customer-invoices-table";
import { EstimateStatusBadge } from "@/components/estimates/estimate-status-badge";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DetailList } from "@/components/ui/detail-list";
import { ErrorState, LoadingState } from "@/components/ui/panel-states";
import { bindingFigures, depositCheckoutHref, estimatePath, estimateTitle, useJobEstimates } from "@/api/estimates";
import { formatDay } from "@/lib/format";
import { useJobInvoices } from "@/api/invoices";

function LatestEstimate({ estimate }: { estimate: Estimate }) {
  const money = (cents: number) => formatMoney(cents, estimate.currency.toUpperCase());
  const { total, depositAmount: deposit } = bindingFigures(estimate);
  const details = [
    { term: "Status", value: <EstimateStatusBadge status={estimate.status} /> },
    { term: "Total", value: money(total), valueClassName: "font-mono" },
    ...(deposit > 0 ? [{ term: "Deposit", value: money(deposit), valueClassName: "font-mono" }] : []),
    ...(estimate.status === "accepted" && deposit > 0 ? [{ term: "Deposit due", value: money(estimate.depositDue), valueClassName: "font-mono" }] : []),
    ...(estimate.status === "sent" ? [{ term: "Valid until", value: formatDay(estimate.validUntil) }] : []),
  ];
  return (
    <Card className="space-y-4">
      <h3 className="text-lg font-semibold">{estimateTitle(estimate)}</h3>
      <DetailList details={details} />
      <div className="flex flex-wrap gap-3">
        <Link href={estimatePath(estimate.id)} className={buttonVariants({ variant: estimate.status === "sent" ? "default" : "outline", size: "sm" })}>
          <FileSignature aria-hidden />
          View estimate
        </Link>
        {estimate.status === "accepted" && estimate.depositDue > 0 ? (
          <Link href={depositCheckoutHref(estimate)} className={buttonVariants({ size: "sm" })}>
            <CreditCard aria-hidden />
            Pay deposit {money(estimate.depositDue)}
          </Link>
        ) : null}
      </div>
    </Card>
  );
}

/** The "Estimate" section's content: the job's latest revision (GET /api/estimates?jobId=), or why there is none. */
export function JobEstimate({ jobId }: { jobId: number }) {
  const estimates = useJobEstimates(jobId);
  if (estimates.isPending) return <LoadingState label="Loading the estimate…" />;
  if (estimates.isError) return <ErrorState>The estimate could not be loaded. Please try again later.</ErrorState>;
  const [latest] = estimates.data;
  if (!latest) return <p className="text-muted-foreground">No estimate for this job.</p>;
  return <LatestEstimate estimate={latest} />;
}

/** The "Invoices" section's content: the job's invoices (GET /api/invoices?jobId=) with Pay and their PDFs. */
export function JobInvoices({ jobId }: { jobId: number }) {
  const invoices = useJobInvoices(jobId);
  if (invoices.isPending) return <LoadingState label="Loading the invoices…" />;
  if (invoices.isError) return <ErrorState>The invoices could not be loaded. Please try again later.</ErrorState>;
  if (!invoices.data.length) return <p className="text-muted-foreground">No invoices for this job yet. The final invoice follows delivery.</p>;
  return <CustomerInvoicesTable rows={invoices.data} caption="The invoices of this job, newest first" />;
}
