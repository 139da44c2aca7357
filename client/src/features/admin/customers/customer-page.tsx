import { Briefcase, ClipboardList, FileText, Receipt, UserCog } from "lucide-react";
import { personName } from "@common/person-name";
import { Link } from "wouter";
import { ROLE_LABELS } from "@common/roles";
import type { CustomerDetail } from "@common/contract/customers";
import { CustomerPaymentsTable } from "@/components/billing/customer-payments-table";
import { JobAmountsList } from "@/components/billing/job-amounts";
import { JobStatusBadge } from "@/components/jobs/job-status-badge";
import { QuoteRequestCard } from "@/components/quotes/quote-request-card";
import { Badge, Card } from "@/components/ui/card";
import { DetailList } from "@/components/ui/detail-list";
import { PageHeading } from "@/components/ui/page-heading";
import { BackLink, PageSection } from "@/components/ui/page-section";
import { LoadingState, RecordPageError } from "@/components/ui/panel-states";
import { isMissingRecord } from "@/lib/api";
import { formatBusinessMoney, formatDate, withCurrency } from "@/lib/format";
import { quoteStageView } from "@/api/quote-status";
import { useRouteId } from "@/lib/route-id";
import { withQueries } from "@/lib/with-queries";
import { RequireAdmin } from "../require-admin";
import { useCustomer } from "./api/get-customers";
import { CustomerDeliverables } from "./customer-deliverables";
import { JobLink } from "./job-link";
import { adminJobPath, CUSTOMERS_TAB_PATH } from "./links";
import { AccountControls } from "./account-controls";
import { RoleControl } from "./role-control";
import { RequiredInsuranceDialog } from "./required-insurance-dialog";

function BackToCustomers() {
  return <BackLink href={CUSTOMERS_TAB_PATH}>Back to customers</BackLink>;
}

function Jobs({ jobs }: { jobs: CustomerDetail["jobs"] }) {
  if (!jobs.length) return <p className="text-muted-foreground">No jobs yet. A quote request opens one; so does New job on the Jobs tab.</p>;
  return (
    <ul className="divide-y rounded-lg border bg-card/80">
      {jobs.map((job) => (
        <li key={job.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
          <JobStatusBadge status={job.status} />
          <Link href={adminJobPath(job.id)} className="font-semibold text-primary underline-offset-4 hover:underline">
            {job.title}
          </Link>
          <span className="text-sm text-muted-foreground">
            {job.serviceName} · opened <time dateTime={job.createdAt}>{formatDate(job.createdAt)}</time>
          </span>
          <JobAmountsList amounts={job.amounts} className="basis-full" />
        </li>
      ))}
    </ul>
  );
}

function Quotes({ customer }: { customer: CustomerDetail }) {
  if (!customer.quotes.length) return <p className="text-muted-foreground">No quote requests.</p>;
  return (
    <ul className="grid gap-4">
      {customer.quotes.map((quote) => {
        const job = customer.jobs.find((candidate) => candidate.quoteId === quote.id);
        return (
          <li key={quote.id}>
            <QuoteRequestCard
              quote={quote}
              status={quoteStageView(quote)}
              byline={
                job ? (
                  <p className="mt-1 text-sm">
                    <JobLink job={job} />
                  </p>
                ) : null
              }
              details={[{ term: withCurrency("Price"), value: quote.price === null ? "Not set" : formatBusinessMoney(quote.price) }]}
            />
          </li>
        );
      })}
    </ul>
  );
}

function Payments({ customer }: { customer: CustomerDetail }) {
  if (!customer.payments.length) return <p className="text-muted-foreground">No payments.</p>;
  // The server names each payment's job: its quote's, its estimate's or its invoice's.
  const jobOf = ({ jobId }: { jobId: number | null }) => {
    const job = jobId === null ? undefined : customer.jobs.find((candidate) => candidate.id === jobId);
    return job ? <JobLink job={job} /> : null;
  };
  return <CustomerPaymentsTable rows={customer.payments} caption={`Payments of ${personName(customer)}, newest first`} jobOf={jobOf} />;
}

function Customer({ customer, myId }: { customer: CustomerDetail; myId: number }) {
  const name = personName(customer);
  const figures = [
    {
      term: "E-mail",
      value: (
        <a href={`mailto:${customer.email}`} className="break-all text-primary underline-offset-4 hover:underline">
          {customer.email}
        </a>
      ),
    },
    { term: "Username", value: customer.username },
    { term: "Role", value: ROLE_LABELS[customer.role] },
    { term: "Member since", value: formatDate(customer.createdAt) },
    ...(customer.company ? [{ term: "Company", value: customer.company }] : []),
    ...(customer.phone ? [{ term: "Phone", value: customer.phone }] : []),
    ...(customer.billingAddress ? [{ term: "Billing address", value: customer.billingAddress, valueClassName: "whitespace-pre-line" }] : []),
    ...(customer.requiredInsuranceLimit !== null
      ? [{ term: "Required insurance", value: `${formatBusinessMoney(customer.requiredInsuranceLimit)} per occurrence`, valueClassName: "font-mono" }]
      : []),
    ...(customer.notes ? [{ term: "Notes", value: customer.notes, valueClassName: "whitespace-pre-line" }] : []),
    { term: "Status", value: customer.active ? "Active" : "Deactivated" },
    { term: "Jobs open / total", value: `${customer.openJobCount} / ${customer.jobCount}` },
    { term: "Total paid", value: formatBusinessMoney(customer.totalPaidCents), valueClassName: "font-mono" },
    { term: "Last activity", value: formatDate(customer.lastActivityAt) },
  ];
  return (
    <>
      <PageHeading eyebrow="// Customer" title={name}>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p className="flex min-w-0 flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <Badge>{ROLE_LABELS[customer.role]}</Badge>
            {/* A long address wraps where it must rather than widen a phone's page. */}
            <span className="min-w-0 [overflow-wrap:anywhere]">{customer.email}</span>
          </p>
          <BackToCustomers />
        </div>
      </PageHeading>
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10 sm:px-6 lg:px-8">
        <Card className="space-y-6">
          <DetailList details={figures} />
          <div className="border-t pt-5">
            {customer.id === myId ? (
              <p className="text-sm text-muted-foreground">
                <UserCog aria-hidden className="mr-2 inline size-4 text-primary" />
                This is your account: another admin can change its role.
              </p>
            ) : (
              <RoleControl account={customer} name={name} />
            )}
          </div>
          <div className="border-t pt-5">
            <AccountControls account={customer} name={name} isSelf={customer.id === myId} />
            {customer.role === "customer" ? (
              <div className="mt-3">
                <RequiredInsuranceDialog account={customer} />
              </div>
            ) : null}
          </div>
        </Card>
        <PageSection id="customer-jobs-heading" title="Jobs" icon={<Briefcase />}>
          <Jobs jobs={customer.jobs} />
        </PageSection>
        <PageSection id="customer-deliverables-heading" title="Deliverables" icon={<FileText />}>
          <CustomerDeliverables customer={customer} />
        </PageSection>
        <div className="grid gap-12 lg:grid-cols-2">
          <PageSection id="customer-quotes-heading" title="Quotes" icon={<ClipboardList />}>
            <Quotes customer={customer} />
          </PageSection>
          <PageSection id="customer-payments-heading" title="Payments" icon={<Receipt />}>
            <Payments customer={customer} />
          </PageSection>
        </div>
      </div>
    </>
  );
}

function CustomerLoader({ id, myId }: { id: number; myId: number }) {
  const customer = useCustomer(id);
  if (customer.isPending) return <LoadingState label="Loading the customer…" />;
  if (customer.isError) {
    // An id that is no number is a 400 from the server: no such account either.
    const missing = isMissingRecord(customer.error);
    return (
      <RecordPageError eyebrow="// Customer" title={missing ? "Customer not found" : "The customer could not be loaded"} back={<BackToCustomers />}>
        {missing ? "There is no account at this address." : customer.error.message || "Please try again later."}
      </RecordPageError>
    );
  }
  return <Customer customer={customer.data} myId={myId} />;
}

/** /admin-dashboard/customers/:id (docs/product.md §2): one account's figures, role, jobs, deliverables, quotes and payments; admins only. */
function CustomerPage() {
  const id = useRouteId();
  return <RequireAdmin>{(me) => <CustomerLoader id={id} myId={me.id} />}</RequireAdmin>;
}

export default withQueries(CustomerPage);
