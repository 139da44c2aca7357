import { type Path, useForm, useWatch } from "react-hook-form";
import type { Invoice } from "@common/contract/invoices";
import { createCreditNoteSchema, INVOICE_LIMITS } from "@common/invoices";
import { creditNoteTotals, formatMoney, MoneyRuleError } from "@common/money";
import { formatTaxRate } from "@/components/billing/priced-lines";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { fieldAria, FormField, InputField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { DialogForm, issuesOf, refuseIssues, useFormDialog } from "@/components/ui/form-dialog";
import { withCurrency } from "@/lib/format";
import { showRefusal } from "@/lib/show-refusal";
import { toast } from "@/lib/use-toast";
import { amountCents, centsFromDollars } from "../money-input";
import { useIssueCreditNote } from "./api/billing";
import { CreditNoteTrigger } from "./credit-note-trigger";

interface CreditValues {
  reason: string;
  /** Dollars before tax, as typed. */
  amount: string;
}

const FIELDS: readonly string[] = ["reason", "amount"];
const fieldOf = (path: string) => (FIELDS.includes(path) ? (path as Path<CreditValues>) : path === "lines" ? "amount" : undefined);

export interface CreditNoteDialogProps {
  invoice: Invoice;
}

/** What the invoice's credit notes took before tax and in tax, from the invoice as the server answered it. */
const creditedOf = (invoice: Invoice) => ({
  subtotal: invoice.creditNotes.reduce((sum, note) => sum + note.subtotal, 0),
  tax: invoice.creditNotes.reduce((sum, note) => sum + note.tax, 0),
});

/** The credit note as it will be issued, by common/money.ts as the server computes it; a refusal's message; or null while the amount is not one. */
function previewCredit(invoice: Invoice, amount: number | null): { tax: number; total: number } | { refused: string } | null {
  if (amount === null || amount <= 0) return null;
  try {
    return creditNoteTotals([{ amount }], { taxRateBasisPoints: invoice.taxRateBasisPoints, invoice, credited: creditedOf(invoice) });
  } catch (error) {
    if (error instanceof MoneyRuleError) return { refused: error.message };
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * Issue credit note (docs/decisions/0059-extra-lines-and-credit-notes.md): an amount before tax
 * taken off the invoice, tax at the invoice's rate added, with the reason printed on the credit
 * note. At most what remains of the invoice before tax, which is offered. It lowers the balance;
 * money already paid beyond the new total shows as owed back, for a refund from the payment.
 */
export function CreditNoteDialog({ invoice, openAtOnce = false }: CreditNoteDialogProps & OpensAtOnce) {
  const issue = useIssueCreditNote(invoice.id);
  const currency = invoice.currency.toUpperCase();
  const money = (cents: number) => formatMoney(cents, currency);
  const remaining = invoice.total - invoice.tax - creditedOf(invoice).subtotal;
  const initial = (): CreditValues => ({ reason: "", amount: "" });
  const form = useForm<CreditValues>({ defaultValues: initial() });
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => form.reset(initial()), openAtOnce);
  const { errors } = form.formState;
  const id = (field: keyof CreditValues) => `invoice-${invoice.id}-credit-${field}`;
  const typed = useWatch({ control: form.control, name: "amount" });
  const preview = previewCredit(invoice, centsFromDollars(typed ?? ""));

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    const amount = amountCents(values.amount, (message) => form.setError("amount", { message }, { shouldFocus: true }));
    if (amount === null) return;
    const body = { reason: values.reason, amount };
    const issues = issuesOf(createCreditNoteSchema.safeParse(body));
    const previewed = previewCredit(invoice, amount);
    if (previewed && "refused" in previewed) issues.push({ path: "amount", message: previewed.refused });
    if (refuseIssues(issues, form.setError, fieldOf)) return;
    const answer = await issue.mutateAsync(body);
    if (!answer.ok) {
      setRefusal(showRefusal(answer, form.setError, fieldOf));
      return;
    }
    const { creditNote } = answer.data.data;
    toast({ title: `Credit note ${creditNote.number} issued`, description: `${money(creditNote.total)} off invoice ${invoice.number}`, variant: "success" });
    close();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <CreditNoteTrigger invoiceNumber={invoice.number} />
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          eyebrow={`// Invoice ${invoice.number}`}
          title="Issue credit note"
          description={`An amount before tax taken off the invoice, ${formatTaxRate(invoice.taxRateBasisPoints)} tax added; at most ${money(remaining)} remains to credit. The customer gets the credit note by mail with its PDF.`}
        />
        <DialogForm label="Issue credit note" onSubmit={onSubmit} refusal={refusal} submit="Issue credit note" submitting="Issuing…" pending={issue.isPending}>
          <FormField id={id("reason")} label="Reason" error={errors.reason?.message}>
            <Textarea
              id={id("reason")}
              rows={3}
              maxLength={INVOICE_LIMITS.creditReason}
              {...fieldAria(id("reason"), errors.reason?.message)}
              {...form.register("reason")}
            />
          </FormField>
          <InputField id={id("amount")} label={withCurrency("Amount before tax")} error={errors.amount?.message} registration={form.register("amount")} />
          <p role="status" className="text-sm text-muted-foreground">
            {preview === null
              ? "The credit shows with its tax once the amount reads as one."
              : "refused" in preview
                ? preview.refused
                : `Credited: ${money(preview.total)}, of which ${money(preview.tax)} tax. Balance after: ${money(Math.max(0, invoice.balance - preview.total))}.`}
          </p>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
