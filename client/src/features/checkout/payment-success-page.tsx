import { CircleCheck, CircleX, Clock, Receipt } from "lucide-react";
import type { ReactNode } from "react";
import { useMemo } from "react";
import { Link, useSearch } from "wouter";
import type { Payment } from "@common/contract/payments";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/panel-states";
import { RequireAuth } from "@/components/require-auth";
import { formatPaymentMoney } from "@/lib/format";
import { usePayments } from "@/api/payments";
import { withQueries } from "@/lib/with-queries";
import { outcomeOf, type PaymentRedirect, parsePaymentRedirect, retryHrefOf } from "./payment-redirect";
import { SummaryList } from "@/components/ui/detail-list";

const dashboardLink = (
  <Link href="/dashboard" className={buttonVariants({ variant: "outline" })}>
    Go to dashboard
  </Link>
);

function OutcomeCard({ icon, title, children, actions }: { icon: ReactNode; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Card className="space-y-5">
      <div className="flex items-center gap-3 [&_svg]:size-8 [&_svg]:shrink-0">
        {icon}
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      </div>
      {children}
      <div className="flex flex-wrap gap-3">{actions}</div>
    </Card>
  );
}

function PaymentDetails({ payment }: { payment: Payment | undefined }) {
  if (!payment) return null;
  return (
    <SummaryList
      details={[
        { term: "Service", value: payment.description },
        { term: "Amount", value: formatPaymentMoney(payment.amount, payment), valueClassName: "font-mono text-primary" },
      ]}
    />
  );
}

function PaymentOutcome({ redirect }: { redirect: PaymentRedirect }) {
  const payments = usePayments();
  if (payments.isPending) return <LoadingState label="Checking your payment..." />;
  // A failed load still leaves the redirect's word on the outcome.
  const payment = payments.data?.find((row) => row.reference === redirect.reference);
  const outcome = outcomeOf(redirect, payment);

  if (outcome.kind === "succeeded") {
    return (
      <OutcomeCard icon={<CircleCheck aria-hidden className="text-primary" />} title="Payment Successful" actions={dashboardLink}>
        <p className="text-muted-foreground">Thank you. Your payment has been received; it is listed in your dashboard.</p>
        <PaymentDetails payment={payment} />
      </OutcomeCard>
    );
  }
  if (outcome.kind === "failed") {
    return (
      <OutcomeCard
        icon={<CircleX aria-hidden className="text-destructive" />}
        title="Payment Failed"
        actions={
          <>
            {payment ? (
              <Link href={retryHrefOf(payment)} className={buttonVariants()}>
                Try again
              </Link>
            ) : null}
            {dashboardLink}
          </>
        }
      >
        <p role="alert" className="rounded-md border border-destructive/60 bg-destructive/10 px-4 py-3 text-destructive">
          {outcome.message}
        </p>
        <PaymentDetails payment={payment} />
      </OutcomeCard>
    );
  }
  return (
    <OutcomeCard
      icon={<Clock aria-hidden className="text-accent" />}
      title="Payment processing"
      actions={
        <>
          <Button type="button" disabled={payments.isFetching} onClick={() => void payments.refetch()}>
            Check again
          </Button>
          {dashboardLink}
        </>
      }
    >
      <p className="text-muted-foreground">
        Your payment is being confirmed by the payment provider. This usually takes a moment; your dashboard shows the result.
      </p>
      <PaymentDetails payment={payment} />
    </OutcomeCard>
  );
}

/** /payment-success: where Stripe returns after confirming (docs/product.md §4); shows what became of the payment. */
function PaymentSuccessPage() {
  const search = useSearch();
  const redirect = useMemo(() => parsePaymentRedirect(search), [search]);
  return (
    <RequireAuth>
      {() => (
        <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
          {redirect ? (
            <PaymentOutcome redirect={redirect} />
          ) : (
            <OutcomeCard icon={<Receipt aria-hidden className="text-primary" />} title="No payment to show" actions={dashboardLink}>
              <p className="text-muted-foreground">
                This page shows the outcome of a payment when you return from checkout. Your payments are listed in your dashboard.
              </p>
            </OutcomeCard>
          )}
        </div>
      )}
    </RequireAuth>
  );
}

export default withQueries(PaymentSuccessPage);
