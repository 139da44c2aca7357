import { zodResolver } from "@hookform/resolvers/zod";
import { FlaskConical } from "lucide-react";
import type { ChangeEvent } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { type DemoCard, demoCardSchema } from "@common/payments";
import { paymentMessages } from "@common/checkout";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { confirmDemoPayment, PAYMENT_UNCONFIRMED, PaymentDeclinedError } from "./api/confirm-demo-payment";
import { formatCardNumber, formatCvc, formatExpiry } from "./card-format";
import { type CardFormProps, PayButton, PaymentFailureAlert } from "./payment-form-parts";

const emptyCard: DemoCard = { cardNumber: "", expiry: "", cvc: "" };

/**
 * Reformats while the customer types at the end of the field; an edit in the middle is left
 * alone so the caret does not jump (the schema ignores spacing anyway).
 */
function formatWhileTyping(event: ChangeEvent<HTMLInputElement>, format: (value: string) => string): void {
  const input = event.target;
  const inserting = (event.nativeEvent as InputEvent).inputType?.startsWith("insert") ?? false;
  if (inserting && input.selectionStart === input.value.length) input.value = format(input.value);
}

const fields = [
  {
    name: "cardNumber",
    id: "card-number",
    label: "Card number",
    placeholder: "1234 1234 1234 1234",
    autoComplete: "cc-number",
    format: formatCardNumber,
  },
  { name: "expiry", id: "card-expiry", label: "Expiry date", placeholder: "MM / YY", autoComplete: "cc-exp", format: formatExpiry },
  { name: "cvc", id: "card-cvc", label: "CVC", placeholder: "123", autoComplete: "cc-csc", format: formatCvc },
] as const;

/** The demo provider's card form: Stripe's test cards, Stripe's wording, no card charged. */
export function DemoCardForm({ intent, payLabel, outcome }: CardFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DemoCard, unknown, z.output<typeof demoCardSchema>>({ resolver: zodResolver(demoCardSchema), defaultValues: emptyCard });

  const onSubmit = handleSubmit(async (card) => {
    outcome.clearFailure();
    try {
      await confirmDemoPayment(intent.clientSecret, card);
    } catch (error) {
      if (!(error instanceof PaymentDeclinedError)) {
        outcome.failed(PAYMENT_UNCONFIRMED);
        return;
      }
      for (const { name } of fields) {
        const message = error.fields[name];
        if (message) setError(name, { message });
      }
      outcome.failed(error.message);
      return;
    }
    outcome.succeeded();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Card details" className="space-y-5">
      <p className="flex items-start gap-3 rounded-md border border-accent/60 bg-accent/10 px-4 py-3 text-sm">
        <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
        <span>
          <strong className="font-semibold">{paymentMessages.demoNotice}</strong>
          <span className="block text-muted-foreground">Use the test card 4242 4242 4242 4242 with any future date and any CVC.</span>
        </span>
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map(({ name, id, label, placeholder, autoComplete, format }) => {
          const error = errors[name]?.message;
          const field = register(name);
          return (
            <div key={name} className={name === "cardNumber" ? "sm:col-span-2" : undefined}>
              <FormField id={id} label={label} error={error}>
                <Input
                  id={id}
                  inputMode="numeric"
                  autoComplete={autoComplete}
                  placeholder={placeholder}
                  aria-required
                  {...fieldAria(id, error)}
                  {...field}
                  onChange={(event) => {
                    formatWhileTyping(event, format);
                    return field.onChange(event);
                  }}
                />
              </FormField>
            </div>
          );
        })}
      </div>
      <PaymentFailureAlert message={outcome.failure} />
      <PayButton label={payLabel} busy={isSubmitting} />
    </form>
  );
}
