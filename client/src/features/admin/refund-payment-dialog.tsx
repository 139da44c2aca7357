import { Undo2 } from "lucide-react";
import { type Path, useForm } from "react-hook-form";
import type { AdminPayment } from "@common/contract/payments";
import { invoiceMessages, refundSchema } from "@common/invoices";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { InputField } from "@/components/ui/form-field";
import { formatPaymentMoney, withCurrency } from "@/lib/format";
import { showRefusal } from "@/lib/show-refusal";
import { toast } from "@/lib/use-toast";
import { useRefundPayment } from "./api/refund-payment";
import { dollarsText } from "./estimates/estimate-form";
import { DialogForm, issuesOf, refuseIssues, useFormDialog } from "@/components/ui/form-dialog";
import { amountCents } from "./money-input";

interface RefundValues {
  amount: string;
  reason: string;
}

const fieldOf = (path: string) => (path === "amount" || path === "reason" ? (path as Path<RefundValues>) : undefined);

/** What is left of a payment to refund, in cents. */
const refundable = (payment: Pick<AdminPayment, "amount" | "refundedAmount">): number => payment.amount - payment.refundedAmount;

/** A succeeded card payment with money left to give back: the only kind the server refunds (409 refundNotCard otherwise). */
export const isRefundable = (payment: AdminPayment): boolean =>
  payment.status === "succeeded" && payment.method === "card" && payment.provider !== "offline" && refundable(payment) > 0;

/**
 * Refund: all or part of a card payment, at most what is left of it (offered), through Stripe or
 * the demo provider; the refund shows on the payment, its invoice and the customer's Payments tab.
 */
export function RefundPaymentDialog({ payment }: { payment: AdminPayment }) {
  const refund = useRefundPayment(payment.id);
  const left = refundable(payment);
  const initial = (): RefundValues => ({ amount: dollarsText(left), reason: "" });
  const form = useForm<RefundValues>({ defaultValues: initial() });
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => form.reset(initial()));
  const { errors } = form.formState;
  const id = (field: keyof RefundValues) => `payment-${payment.id}-refund-${field}`;

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    const amount = amountCents(values.amount, (message) => form.setError("amount", { message }, { shouldFocus: true }));
    if (amount === null) return;
    const body = { amount, reason: values.reason };
    const issues = issuesOf(refundSchema.safeParse(body));
    if (amount > left) issues.push({ path: "amount", message: invoiceMessages.refundAboveRefundable });
    if (refuseIssues(issues, form.setError, fieldOf)) return;
    const answer = await refund.mutateAsync(body);
    if (!answer.ok) {
      setRefusal(showRefusal(answer, form.setError, fieldOf));
      return;
    }
    toast({ title: "Refund made", description: `${formatPaymentMoney(answer.data.data.amount, payment)} to ${payment.customerName}`, variant: "success" });
    close();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" className="border-destructive/60 text-destructive hover:bg-destructive/10">
          <Undo2 aria-hidden />
          Refund
          <span className="sr-only">
            {" "}
            {formatPaymentMoney(payment.amount, payment)} from {payment.customerName}
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          eyebrow={`// ${payment.customerName}`}
          title="Refund payment"
          description={`${payment.description}: ${formatPaymentMoney(payment.amount, payment)} by card${payment.refundedAmount ? `, ${formatPaymentMoney(payment.refundedAmount, payment)} already refunded` : ""}. At most ${formatPaymentMoney(left, payment)} can be refunded.`}
        />
        <DialogForm
          label="Refund payment"
          onSubmit={onSubmit}
          refusal={refusal}
          submit="Refund"
          submitting="Refunding…"
          pending={refund.isPending}
          variant="destructive"
        >
          <InputField
            id={id("amount")}
            label={withCurrency("Amount")}
            inputMode="decimal"
            autoComplete="off"
            error={errors.amount?.message}
            registration={form.register("amount")}
          />
          <InputField id={id("reason")} label="Reason" maxLength={500} error={errors.reason?.message} registration={form.register("reason")} />
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
