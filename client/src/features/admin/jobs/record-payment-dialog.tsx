import { formatMoney } from "@common/money";
import { withCurrency } from "@/lib/format";
import { type Path, useForm } from "react-hook-form";
import type { Invoice } from "@common/contract/invoices";
import { invoiceMessages, offlinePaymentSchema, type OfflinePaymentInput } from "@common/invoices";
import { OFFLINE_PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from "@common/payment-methods";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { fieldAria, FormField, InputField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import { toast } from "@/lib/use-toast";
import { browserToday, dollarsText } from "../estimates/estimate-form";
import { DialogForm, issuesOf, refuseIssues, useFormDialog } from "@/components/ui/form-dialog";
import { amountCents } from "../money-input";
import { useRecordPayment } from "./api/billing";
import { RecordPaymentTrigger } from "./record-payment-trigger";
import { showRefusal } from "@/lib/show-refusal";

interface PaymentValues {
  amount: string;
  method: string;
  reference: string;
  receivedOn: string;
}

const FIELDS: readonly string[] = ["amount", "method", "reference", "receivedOn"];
const fieldOf = (path: string) => (FIELDS.includes(path) ? (path as Path<PaymentValues>) : undefined);

export interface RecordPaymentDialogProps {
  invoice: Invoice;
}

/**
 * Record payment: money for an invoice received outside the card checkout (bank transfer, cheque,
 * cash), at most its balance, which is offered. The server checks it again and refreshes the
 * invoice's standing; the customer gets a receipt.
 */
export function RecordPaymentDialog({ invoice, openAtOnce = false }: RecordPaymentDialogProps & OpensAtOnce) {
  const record = useRecordPayment(invoice.id);
  const initial = (): PaymentValues => ({ amount: dollarsText(invoice.balance), method: "bank_transfer", reference: "", receivedOn: browserToday() });
  const form = useForm<PaymentValues>({ defaultValues: initial() });
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => form.reset(initial()), openAtOnce);
  const { errors } = form.formState;
  const id = (field: keyof PaymentValues) => `invoice-${invoice.id}-payment-${field}`;
  const text = (field: keyof PaymentValues, label: string, type = "text") => (
    <InputField id={id(field)} label={label} type={type} error={errors[field]?.message} registration={form.register(field)} />
  );

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    const amount = amountCents(values.amount, (message) => form.setError("amount", { message }, { shouldFocus: true }));
    if (amount === null) return;
    const body = { amount, method: values.method as OfflinePaymentInput["method"], reference: values.reference, receivedOn: values.receivedOn };
    const issues = issuesOf(offlinePaymentSchema.safeParse(body));
    if (amount > invoice.balance) issues.push({ path: "amount", message: invoiceMessages.amountAboveBalance });
    if (refuseIssues(issues, form.setError, fieldOf)) return;
    const answer = await record.mutateAsync(body);
    if (!answer.ok) {
      setRefusal(showRefusal(answer, form.setError, fieldOf));
      return;
    }
    toast({
      title: "Payment recorded",
      description: `${formatMoney(amount, invoice.currency.toUpperCase())} towards invoice ${invoice.number}`,
      variant: "success",
    });
    close();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <RecordPaymentTrigger invoiceNumber={invoice.number} />
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          eyebrow={`// Invoice ${invoice.number}`}
          title="Record payment"
          description={`Money received by bank transfer, cheque or cash. The balance is ${formatMoney(invoice.balance, invoice.currency.toUpperCase())}; the customer gets a receipt.`}
        />
        <DialogForm label="Record payment" onSubmit={onSubmit} refusal={refusal} submit="Record payment" submitting="Recording…" pending={record.isPending}>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("amount", withCurrency("Amount"))}
            <FormField id={id("method")} label="Method" error={errors.method?.message}>
              <NativeSelect id={id("method")} {...fieldAria(id("method"), errors.method?.message)} {...form.register("method")}>
                {OFFLINE_PAYMENT_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {PAYMENT_METHOD_LABELS[method]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            {text("reference", "Reference")}
            {text("receivedOn", "Received on", "date")}
          </div>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
