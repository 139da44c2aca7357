import { LockKeyhole } from "lucide-react";
import type { PaymentIntent } from "@common/contract/payments";
import { SubmitButton } from "@/components/ui/submit-button";
import type { PaymentOutcome } from "./use-payment-outcome";

/** What the checkout hands either card form, the demo's or Stripe's. */
export interface CardFormProps {
  intent: PaymentIntent;
  /** "Pay $249" (docs/product.md §2). */
  payLabel: string;
  outcome: PaymentOutcome;
}

/** The last failure, kept on the form after its toast has gone. */
export function PaymentFailureAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/60 bg-destructive/10 px-4 py-3 text-sm text-destructive">
      {message}
    </p>
  );
}

export function PayButton({ label, busy, disabled = false }: { label: string; busy: boolean; disabled?: boolean }) {
  return (
    <SubmitButton icon={LockKeyhole} busy={busy} busyLabel="Processing..." disabled={disabled}>
      {label}
    </SubmitButton>
  );
}
