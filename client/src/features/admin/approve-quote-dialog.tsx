import { Check } from "lucide-react";
import { withCurrency } from "@/lib/format";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useUpdateQuoteStatus } from "./api/update-quote-status";
import { serviceLabel } from "@common/services-offered";
import type { AdminQuote } from "@common/contract/quotes";
import { readQuotePrice, understoodAs } from "./quote-price";

/**
 * Approve: a small dialog for an optional price, then PATCH status accepted. The price is read as
 * people type money ("3,850", "$3,850.00") and the field says what it understood before anything is sent.
 */
export function ApproveQuoteDialog({ quote, disabled }: { quote: AdminQuote; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateQuoteStatus();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    watch,
    formState: { errors },
  } = useForm<{ price: string }>({ defaultValues: { price: "" } });

  const id = `approve-${quote.id}-price`;
  const error = errors.price?.message;
  const reading = readQuotePrice(watch("price"));
  const understood = reading.kind === "price" ? understoodAs(reading.cents) : undefined;
  const describedBy = [understood ? `${id}-understood` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");

  const onSubmit = handleSubmit((values) => {
    const price = readQuotePrice(values.price);
    if (price.kind === "refused") {
      setError("price", { message: price.message }, { shouldFocus: true });
      return;
    }
    update.mutate(
      { id: quote.id, status: "accepted", ...(price.kind === "price" ? { price: price.cents } : {}) },
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
              {serviceLabel(quote.serviceType)} for {quote.customerName}. Add a price so the customer can pay from their dashboard, or leave it empty to agree
              the price later.
            </>
          }
        />
        <form onSubmit={onSubmit} noValidate aria-label="Approve quote request" className="space-y-5">
          <FormField id={id} label={withCurrency("Price")} error={error}>
            <Input
              id={id}
              inputMode="decimal"
              autoComplete="off"
              placeholder="e.g. 1,500"
              {...(error ? { "aria-invalid": true } : {})}
              {...(describedBy ? { "aria-describedby": describedBy } : {})}
              {...register("price", { onChange: () => clearErrors("price") })}
            />
            {understood ? (
              <p id={`${id}-understood`} className="text-sm text-muted-foreground">
                {understood}
              </p>
            ) : null}
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
