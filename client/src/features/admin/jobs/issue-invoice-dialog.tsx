import { useForm } from "react-hook-form";
import { addDays } from "@common/calendar-date";
import { createInvoiceSchema, INVOICE_DUE_DAYS } from "@common/invoices";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { InputField } from "@/components/ui/form-field";
import { toast } from "@/lib/use-toast";
import { browserToday } from "../estimates/estimate-form";
import { DialogForm, useFormDialog } from "@/components/ui/form-dialog";
import { useIssueInvoice } from "./api/billing";
import { IssueInvoiceTrigger } from "./issue-invoice-trigger";
import { showRefusal } from "@/lib/show-refusal";

export interface IssueInvoiceDialogProps {
  jobId: number;
  jobTitle: string;
}

/**
 * Issue final invoice (docs/decisions/0026-quote-to-cash.md): the server draws it from the accepted
 * estimate (its lines, the ticked options, discount and tax) less what was paid; the admin only
 * sets the due date, INVOICE_DUE_DAYS after today unless changed.
 */
export function IssueInvoiceDialog({ jobId, jobTitle, openAtOnce = false }: IssueInvoiceDialogProps & OpensAtOnce) {
  const issue = useIssueInvoice();
  const initial = () => ({ dueDate: addDays(browserToday(), INVOICE_DUE_DAYS) });
  const form = useForm<{ dueDate: string }>({ defaultValues: initial() });
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => form.reset(initial()), openAtOnce);
  const { errors } = form.formState;
  const id = `job-${jobId}-invoice-due-date`;

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    const body = { jobId, dueDate: values.dueDate };
    const checked = createInvoiceSchema.safeParse(body);
    if (!checked.success) {
      form.setError("dueDate", { message: checked.error.issues[0]?.message }, { shouldFocus: true });
      return;
    }
    const answer = await issue.mutateAsync(body);
    if (!answer.ok) {
      setRefusal(showRefusal(answer, form.setError, (path) => (path === "dueDate" ? "dueDate" : undefined)));
      return;
    }
    toast({ title: `Invoice ${answer.data.data.number} issued`, description: `Sent to ${answer.data.data.customer.email}`, variant: "success" });
    close();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <IssueInvoiceTrigger />
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          eyebrow={`// ${jobTitle}`}
          title="Issue final invoice"
          description="The invoice takes the accepted estimate's lines, the options the customer chose, its discount and tax, less what was already paid. It is numbered and mailed to the customer with its PDF."
        />
        <DialogForm label="Issue final invoice" onSubmit={onSubmit} refusal={refusal} submit="Issue invoice" submitting="Issuing…" pending={issue.isPending}>
          <InputField id={id} label="Due date" type="date" error={errors.dueDate?.message} registration={form.register("dueDate")} />
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
