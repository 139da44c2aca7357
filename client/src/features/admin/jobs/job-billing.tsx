import type { Estimate } from "@common/contract/estimates";
import type { Invoice } from "@common/contract/invoices";
import type { Job, JobDetail } from "@common/contract/jobs";
import { ESTIMATE_STATUS_LABELS, type EstimateStatus } from "@common/estimate-status";
import { isSettled } from "@common/job-status";
import { PAYMENT_METHOD_LABELS } from "@common/payment-methods";
import { formatMoney } from "@common/money";
import { CreditNotesList } from "@/components/billing/credit-notes-list";
import { InvoiceStatusBadge } from "@/components/billing/customer-invoices-table";
import { JobAmountsList } from "@/components/billing/job-amounts";
import { OptionalMarker, type PricedLine, PricedLines } from "@/components/billing/priced-lines";
import { Badge } from "@/components/ui/card";
import { type Detail, DetailList } from "@/components/ui/detail-list";
import { ErrorState, LoadingState } from "@/components/ui/panel-states";
import { PdfLink } from "@/components/ui/pdf-link";
import { bindingFigures, estimateTitle, useJobEstimates } from "@/api/estimates";
import { formatDateTime, formatDay } from "@/lib/format";
import { useJobInvoices } from "@/api/invoices";
import { STATUS_TONES } from "@/lib/status-tones";
import { EstimateBuilderButton } from "../estimates/estimate-builder-button";
import { CreditNoteButton } from "./credit-note-button";
import { IssueInvoiceButton } from "./issue-invoice-button";
import { RecordPaymentButton } from "./record-payment-button";

/** How the back office reads a revision's state: the customer's words, but a sent one awaits the customer, not "your" answer. */
const ADMIN_ESTIMATE_STATUS: Record<EstimateStatus, { label: string; tone: keyof typeof STATUS_TONES }> = {
  sent: { label: "Sent, awaiting the customer", tone: "waiting" },
  accepted: { label: ESTIMATE_STATUS_LABELS.accepted, tone: "good" },
  changes_requested: { label: ESTIMATE_STATUS_LABELS.changes_requested, tone: "info" },
  declined: { label: ESTIMATE_STATUS_LABELS.declined, tone: "bad" },
  expired: { label: ESTIMATE_STATUS_LABELS.expired, tone: "quiet" },
  superseded: { label: ESTIMATE_STATUS_LABELS.superseded, tone: "quiet" },
};

function EstimateStatusTag({ status }: { status: EstimateStatus }) {
  const view = ADMIN_ESTIMATE_STATUS[status];
  return <Badge className={STATUS_TONES[view.tone]}>{view.label}</Badge>;
}

/** A revision still open to the customer is revised; after a refusal (declined, expired) a new one is sent; an accepted one is final. */
const REVISABLE: readonly EstimateStatus[] = ["sent", "changes_requested", "expired"];
const INVOICED_JOBS: readonly Job["status"][] = ["delivered", "closed"];

/** The figures of a revision: as sent, and once accepted the ones the customer signed for (with the options they ticked). */
function estimateDetails(estimate: Estimate): Detail[] {
  const money = (cents: number) => formatMoney(cents, estimate.currency.toUpperCase());
  const response = estimate.response;
  const figures = bindingFigures(estimate);
  const details: Detail[] = [
    { term: "Status", value: <EstimateStatusTag status={estimate.status} /> },
    { term: figures.accepted ? "Accepted total" : "Total", value: money(figures.total), valueClassName: "font-mono" },
  ];
  if (figures.depositAmount > 0) {
    details.push({
      term: "Deposit",
      value: `${money(figures.depositAmount)}${estimate.depositPercent === null ? "" : ` (${estimate.depositPercent} %)`}`,
      valueClassName: "font-mono",
    });
    if (estimate.status === "accepted") {
      details.push({ term: "Deposit paid", value: money(estimate.depositPaid), valueClassName: "font-mono" });
      details.push({ term: "Deposit due", value: money(estimate.depositDue), valueClassName: "font-mono" });
    }
  }
  details.push({ term: "Valid until", value: formatDay(estimate.validUntil) });
  if (response?.answer === "accepted" && response.signatureName) {
    details.push({
      term: "Accepted by",
      value: (
        <>
          {response.signatureName}
          {response.signedAt ? (
            <>
              {" "}
              on <time dateTime={response.signedAt}>{formatDateTime(response.signedAt)}</time>
            </>
          ) : null}
        </>
      ),
    });
  }
  if (response?.comment) details.push({ term: "Changes asked", value: response.comment });
  if (response?.reason) details.push({ term: "Declined because", value: response.reason });
  return details;
}

/** An optional item says whether the customer chose it once they answered. */
function describeWith(estimate: Estimate) {
  const chosen = new Set(estimate.response?.answer === "accepted" ? estimate.response.optionalLineIds : []);
  const answered = estimate.response?.answer === "accepted";
  return function describe(line: PricedLine) {
    return (
      <>
        {line.description}
        {line.optional ? (
          <>
            <OptionalMarker />
            {answered ? <span className="ml-2 font-normal text-muted-foreground">{chosen.has(line.id) ? "chosen" : "not chosen"}</span> : null}
          </>
        ) : null}
      </>
    );
  };
}

function Revisions({ estimate }: { estimate: Estimate }) {
  if (estimate.revisions.length < 2) return null;
  const money = (cents: number) => formatMoney(cents, estimate.currency.toUpperCase());
  return (
    <div className="space-y-2">
      <h4 className="hud-label text-muted-foreground">Revisions</h4>
      <ol className="space-y-1 text-sm">
        {estimate.revisions.map((revision) => (
          <li key={revision.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-semibold">Revision {revision.revision}</span>
            <EstimateStatusTag status={revision.status} />
            <span className="font-mono">{money(revision.total)}</span>
            <time dateTime={revision.createdAt} className="text-muted-foreground">
              {formatDateTime(revision.createdAt)}
            </time>
            {/* The current revision's PDF is offered above. */}
            {revision.id === estimate.id ? null : (
              <PdfLink href={`/api/estimates/${revision.id}/pdf`} what={estimateTitle({ number: estimate.number, revision: revision.revision })} />
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

function EstimateView({ estimate }: { estimate: Estimate }) {
  const name = estimateTitle(estimate);
  const figures = bindingFigures(estimate);
  return (
    <article aria-labelledby={`estimate-${estimate.id}-heading`} className="space-y-4 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`estimate-${estimate.id}-heading`} className="text-lg font-semibold">
          {name}
        </h3>
        <PdfLink href={`/api/estimates/${estimate.id}/pdf`} what={name} />
      </div>
      <DetailList details={estimateDetails(estimate)} />
      {/* Once accepted, the totals the customer signed for: the optional items they chose counted in, as on the invoice. */}
      <PricedLines
        lines={estimate.lines}
        totals={figures}
        currency={estimate.currency}
        caption={figures.accepted ? `The lines of ${name}, with the totals accepted` : `The lines of ${name}, as sent`}
        describe={describeWith(estimate)}
      />
      {estimate.note ? <p className="text-sm whitespace-pre-line text-muted-foreground">{estimate.note}</p> : null}
      <Revisions estimate={estimate} />
    </article>
  );
}

function PaymentItem({ payment, currency }: { payment: Invoice["payments"][number]; currency: string }) {
  const money = (cents: number) => formatMoney(cents, currency.toUpperCase());
  return (
    <li className="text-sm">
      <span className="font-mono">{money(payment.amount)}</span> · {payment.kind === "deposit" ? "Deposit" : "Invoice"} ·{" "}
      {PAYMENT_METHOD_LABELS[payment.method]}
      {payment.reference ? <span className="break-all text-muted-foreground"> · {payment.reference}</span> : null} ·{" "}
      <time dateTime={payment.createdAt} className="text-muted-foreground">
        {formatDateTime(payment.createdAt)}
      </time>
      {payment.status !== "succeeded" ? <span className="text-muted-foreground"> · {payment.status}</span> : null}
      {payment.refunds.length ? (
        <ul className="mt-1 space-y-0.5 border-l-2 pl-3 text-muted-foreground">
          {payment.refunds.map((refund) => (
            <li key={refund.id}>
              Refunded <span className="font-mono">{money(refund.amount)}</span> ({refund.status}) ·{" "}
              <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time>
              {refund.reason ? ` · ${refund.reason}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function InvoiceView({ invoice }: { invoice: Invoice }) {
  const money = (cents: number) => formatMoney(cents, invoice.currency.toUpperCase());
  const name = `Invoice ${invoice.number}`;
  const details: Detail[] = [
    { term: "Status", value: <InvoiceStatusBadge invoice={invoice} /> },
    { term: "Issued", value: formatDay(invoice.issueDate) },
    { term: "Due", value: formatDay(invoice.dueDate) },
    { term: "Total", value: money(invoice.total), valueClassName: "font-mono" },
    ...(invoice.credited > 0 ? [{ term: "Credited", value: money(invoice.credited), valueClassName: "font-mono" }] : []),
    { term: "Paid", value: money(invoice.paid), valueClassName: "font-mono" },
    ...(invoice.refunded > 0 ? [{ term: "Refunded", value: money(invoice.refunded), valueClassName: "font-mono" }] : []),
    { term: "Balance", value: money(invoice.balance), valueClassName: "font-mono" },
    // A credit note on money already paid: the business gives it back by refunding the payment (docs/decisions/0059-extra-lines-and-credit-notes.md).
    ...(invoice.owedBack > 0 ? [{ term: "Owed back, to refund", value: money(invoice.owedBack), valueClassName: "font-mono" }] : []),
  ];
  return (
    <article aria-labelledby={`invoice-${invoice.id}-heading`} className="space-y-4 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`invoice-${invoice.id}-heading`} className="font-mono text-lg font-semibold">
          {name}
        </h3>
        <div className="flex flex-wrap gap-2">
          {invoice.status === "open" && invoice.balance > 0 ? <RecordPaymentButton invoice={invoice} /> : null}
          {invoice.status !== "void" && invoice.credited < invoice.total ? <CreditNoteButton invoice={invoice} /> : null}
          <PdfLink href={`/api/invoices/${invoice.id}/pdf`} what={name} />
        </div>
      </div>
      <DetailList details={details} />
      <PricedLines lines={invoice.lines} totals={invoice} currency={invoice.currency} caption={`The lines of ${name}`} />
      {invoice.creditNotes.length > 0 ? (
        <div className="space-y-2">
          <h4 className="hud-label text-muted-foreground">Credit notes</h4>
          <CreditNotesList invoice={invoice} />
        </div>
      ) : null}
      <div className="space-y-2">
        <h4 className="hud-label text-muted-foreground">Payments</h4>
        {invoice.payments.length ? (
          <ul className="space-y-2">
            {invoice.payments.map((payment) => (
              <PaymentItem key={payment.id} payment={payment} currency={invoice.currency} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No payment yet.</p>
        )}
      </div>
    </article>
  );
}

/**
 * The job's billing for the back office (docs/decisions/0026-quote-to-cash.md): its estimate (the
 * current revision with its history), Send or Revise estimate while the customer has not accepted,
 * Issue final invoice once the job is delivered on an accepted estimate, and its invoices with
 * their payments. Above them, the job's amounts as the customer's job page shows them.
 */
export function JobBilling({ job }: { job: JobDetail }) {
  const estimates = useJobEstimates(job.id);
  const invoices = useJobInvoices(job.id);
  if (estimates.isPending || invoices.isPending) return <LoadingState label="Loading billing…" />;
  if (estimates.isError || invoices.isError) return <ErrorState>{(estimates.error ?? invoices.error)?.message || "Failed to load billing"}</ErrorState>;

  // Newest first: the current revision, or the last one answered.
  const [latest] = estimates.data;
  const liveInvoice = invoices.data.some((invoice) => invoice.status !== "void");
  const canEstimate = !isSettled(job.status) && latest?.status !== "accepted";
  const canInvoice = latest?.status === "accepted" && INVOICED_JOBS.includes(job.status) && !liveInvoice;
  const about = `${job.title} for ${job.customerName}`;

  return (
    <div className="space-y-5">
      {canEstimate || canInvoice ? (
        <div role="group" aria-label="Billing actions" className="flex flex-wrap gap-3">
          {canEstimate ? (
            <EstimateBuilderButton
              jobId={job.id}
              about={about}
              previous={latest}
              label={latest && REVISABLE.includes(latest.status) ? "Revise estimate" : "Send estimate"}
              siteArea={job.siteArea}
            />
          ) : null}
          {canInvoice && latest ? <IssueInvoiceButton jobId={job.id} jobTitle={job.title} estimate={latest} /> : null}
        </div>
      ) : null}
      <JobAmountsList amounts={job.amounts} />
      {latest ? <EstimateView estimate={latest} /> : <p className="text-sm text-muted-foreground">No estimate sent for this job yet.</p>}
      {invoices.data.map((invoice) => (
        <InvoiceView key={invoice.id} invoice={invoice} />
      ))}
    </div>
  );
}
