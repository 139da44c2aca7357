// Loaded only when the server's provider is Stripe: demo checkouts never fetch js.stripe.com.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { type Appearance, loadStripe, type Stripe } from "@stripe/stripe-js";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { checkoutKeys } from "@/api/payments";
import { ErrorState, LoadingState } from "@/components/ui/panel-states";
import { useTheme } from "@/lib/theme";
import { PAYMENT_UNCONFIRMED } from "./api/confirm-demo-payment";
import { submitPayment } from "./api/submit-payment";
import { type CardFormProps, PayButton, PaymentFailureAlert } from "./payment-form-parts";

const STRIPE_UNAVAILABLE = "The secure card form could not be loaded. Please check your connection and reload the page.";

// Stripe asks for one Stripe object per publishable key for the life of the page.
const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    // A failed load (offline, blocked) may be retried on the next visit.
    stripe.catch(() => stripeByKey.delete(publishableKey));
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

function appearanceFor(theme: "dark" | "light"): Appearance {
  return { theme: theme === "dark" ? "night" : "stripe", variables: { borderRadius: "6px" } };
}

function StripeFields({ intent, payLabel, outcome }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    outcome.clearFailure();
    // The Payment Element checks its fields first and shows an incomplete one beside the field itself.
    const checked = await elements.submit();
    if (checked.error) {
      setBusy(false);
      return;
    }
    // Our server first: the payment joins the customer's list, and one another tab paid is refused before Stripe sees the card.
    try {
      await submitPayment(intent.paymentId);
    } catch (refused) {
      setBusy(false);
      outcome.failed(refused instanceof Error ? refused.message : PAYMENT_UNCONFIRMED);
      return;
    }
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/payment-success` },
      redirect: "if_required",
    });
    setBusy(false);
    if (error?.type === "validation_error") return;
    if (error) outcome.failed(error.message ?? PAYMENT_UNCONFIRMED);
    else if (paymentIntent.status === "succeeded") outcome.succeeded();
    // Still settling (a bank transfer, a delayed authorisation): /payment-success follows it from our records.
    else navigate(`/payment-success?${new URLSearchParams({ payment_intent: paymentIntent.id, redirect_status: paymentIntent.status })}`);
  };

  return (
    <form onSubmit={onSubmit} aria-label="Card details" className="space-y-5">
      <PaymentElement />
      <PaymentFailureAlert message={outcome.failure} />
      <PayButton label={payLabel} busy={busy} disabled={!stripe || !elements} />
    </form>
  );
}

/** Stripe's Payment Element for the payment the server started. */
export default function StripeCardForm(props: CardFormProps) {
  const { theme } = useTheme();
  const publishableKey = props.intent.publishableKey ?? "";
  const stripe = useQuery({
    queryKey: checkoutKeys.stripe(publishableKey),
    queryFn: () => stripeFor(publishableKey),
    enabled: publishableKey !== "",
    staleTime: Infinity,
    // A Stripe object is used as it is, never copied or compared.
    structuralSharing: false,
  });

  if (stripe.isError || publishableKey === "" || stripe.data === null) return <ErrorState>{STRIPE_UNAVAILABLE}</ErrorState>;
  if (!stripe.data) return <LoadingState label="Loading secure card form..." />;
  return (
    <Elements stripe={stripe.data} options={{ clientSecret: props.intent.clientSecret, appearance: appearanceFor(theme) }}>
      <StripeFields {...props} />
    </Elements>
  );
}
