import { useMemo } from "react";
import { useSearch } from "wouter";
import { type CheckoutRequest, parseCheckoutQuery } from "@common/checkout";
import { Card } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page-heading";
import { LoadingState } from "@/components/ui/panel-states";
import { ApiError } from "@/lib/api";
import { RequireAuth } from "@/components/require-auth";
import { withQueries } from "@/lib/with-queries";
import { CHECKOUT_UNAVAILABLE, usePaymentIntent } from "./api/create-payment-intent";
import { CheckoutPayment } from "./checkout-payment";
import { CheckoutRefused } from "./checkout-refused";

function CheckoutPanel({ checkout }: { checkout: CheckoutRequest }) {
  const intent = usePaymentIntent(checkout);
  if (intent.isPending) return <LoadingState label="Setting up secure payment..." />;
  if (intent.isError) return <CheckoutRefused message={intent.error instanceof ApiError ? intent.error.message : CHECKOUT_UNAVAILABLE} />;
  return <CheckoutPayment checkout={checkout} intent={intent.data} />;
}

/** /checkout?service=&amount= (docs/product.md §2), plus quote= or subscribe=; the server decides what is charged. */
function CheckoutPage() {
  const search = useSearch();
  const checkout = useMemo(() => parseCheckoutQuery(search), [search]);
  return (
    <RequireAuth>
      {() => (
        <>
          <PageHeading eyebrow="// Secure payment" title="Checkout">
            <p className="mt-4 text-lg text-muted-foreground">Check what you are paying for, then pay by card.</p>
          </PageHeading>
          <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
            <Card>
              <CheckoutPanel checkout={checkout} />
            </Card>
          </div>
        </>
      )}
    </RequireAuth>
  );
}

export default withQueries(CheckoutPage);
