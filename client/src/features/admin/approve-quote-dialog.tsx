import { zodResolver } from "@hookform/resolvers/zod";
import { Check } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useUpdateQuoteStatus } from "./api/update-quote-status";
import { serviceLabel } from "@common/quotes";
import type { AdminQuote } from "@common/contract/quotes";
import { type ApproveQuoteForm, approveQuoteSchema, dollarsToCents } from "./quote-price";

/** Approve: a small dialog for an optional price, then PATCH status accepted. */
export function ApproveQuoteDialog({ quote, disabled }: { quote: AdminQuote; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateQuoteStatus();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ApproveQuoteForm>({ resolver: zodResolver(approveQuoteSchema), defaultValues: { price: "" } });

  const id = `approve-${quote.id}-price`;
  const error = errors.price?.message;
  const onSubmit = handleSubmit((values) => {
    const price = dollarsToCents(values.price);
    update.mutate(
      { id: quote.id, status: "accepted", ...(price === undefined ? {} : { price }) },
      {
        onSuccess: () => {
          setOpen(false);
          reset();
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" disabled={disabled}>
          <Check aria-hidden />
          Approve<span className="sr-only"> the request from {quote.customerName}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          eyebrow="// Approve request"
          title="Approve quote request"
          description={
            <>
                {serviceLabel(quote.serviceType)} for {quote.customerName}. Add a price so the customer can pay from their dashboard, or leave it
                empty to agree the price later.
            </>
          }
        />
        <form onSubmit={onSubmit} noValidate aria-label="Approve quote request" className="space-y-5">
          <FormField id={id} label="Price (USD)" error={error}>
            <Input id={id} inputMode="numeric" autoComplete="off" placeholder="e.g. 1500" {...fieldAria(id, error)} {...register("price")} />
          </FormField>
          <DialogActions closeLabel="Cancel">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Approving..." : "Approve"}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
