import { X } from "lucide-react";
import { useForm } from "react-hook-form";
import { DECLINE_REASON_MAX } from "@common/quotes";
import { DECLINE_REASON_LEAD, QUOTE_DECLINED_NOTE } from "@common/quote-statuses";
import { serviceLabel } from "@common/services-offered";
import type { AdminQuote } from "@common/contract/quotes";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { DialogForm, useFormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { useUpdateQuoteStatus } from "./api/update-quote-status";
import { DESTRUCTIVE_OUTLINE } from "./media/destructive-style";

/**
 * Decline: asked first, since the customer is told at once and a declined request cannot be taken
 * back. The reason is optional: the customer always reads the polite note, and a reason written
 * only because the form wanted one ("n/a") would tell them less than none.
 */
export function DeclineQuoteDialog({ quote, disabled }: { quote: AdminQuote; disabled: boolean }) {
  const update = useUpdateQuoteStatus();
  const form = useForm<{ reason: string }>({ defaultValues: { reason: "" } });
  const { open, onOpenChange, close, refusal } = useFormDialog(() => form.reset({ reason: "" }));
  const id = `decline-${quote.id}-reason`;

  const onSubmit = form.handleSubmit((values) => {
    update.mutate({ id: quote.id, status: "declined", reason: values.reason.trim() }, { onSuccess: close });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" className={DESTRUCTIVE_OUTLINE} disabled={disabled}>
          <X aria-hidden />
          Decline<span className="sr-only"> the request from {quote.customerName}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          eyebrow="// Decline request"
          title="Decline quote request?"
          description={
            <>
              {serviceLabel(quote.serviceType)} for {quote.customerName}. They are told at once, on their dashboard and by e-mail: &ldquo;{QUOTE_DECLINED_NOTE}
              &rdquo; A reason you write here follows it, after &ldquo;{DECLINE_REASON_LEAD}&rdquo;. A declined request cannot be reopened.
            </>
          }
        />
        <DialogForm
          label="Decline quote request"
          onSubmit={onSubmit}
          refusal={refusal}
          submit="Decline request"
          submitting="Declining…"
          pending={update.isPending}
          variant="destructive"
        >
          <FormField id={id} label="Reason for the customer (optional)">
            <Textarea id={id} rows={3} maxLength={DECLINE_REASON_MAX} placeholder="e.g. Our pilots are fully booked until June." {...form.register("reason")} />
          </FormField>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
