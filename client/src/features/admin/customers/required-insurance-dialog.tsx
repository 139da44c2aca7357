import { ShieldCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { CustomerDetail } from "@common/contract/customers";
import type { ErrorResponse } from "@common/contract/wire";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { DialogForm, useFormDialog } from "@/components/ui/form-dialog";
import { InputField } from "@/components/ui/form-field";
import { withCurrency } from "@/lib/format";
import { toast } from "@/lib/use-toast";
import { dollarsText } from "../estimates/estimate-form";
import { centsFromDollars, DOLLARS_MESSAGE } from "../money-input";
import { useChangeAccount } from "./api/people";

/**
 * The liability limit per occurrence a customer's work requires (docs/decisions/0068-operator-records.md):
 * a job of theirs is not scheduled on a day no policy in force covers it. Empty: none required.
 */
export function RequiredInsuranceDialog({ account }: { account: CustomerDetail }) {
  const change = useChangeAccount(account.id);
  const initial = account.requiredInsuranceLimit === null ? "" : dollarsText(account.requiredInsuranceLimit);
  const [typed, setTyped] = useState(initial);
  const [error, setError] = useState<string>();
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => {
    setTyped(initial);
    setError(undefined);
  });
  const id = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(undefined);
    const cents = typed.trim() === "" ? null : centsFromDollars(typed);
    if (cents === null && typed.trim() !== "") {
      setError(DOLLARS_MESSAGE);
      return;
    }
    const answer = await change.mutateAsync({ requiredInsuranceLimit: cents });
    if (!answer.ok) {
      const fieldError = (answer.body as ErrorResponse | undefined)?.errors?.requiredInsuranceLimit;
      if (fieldError) setError(fieldError);
      else setRefusal(answer.message ?? answer.generic);
      return;
    }
    toast({ title: "Required insurance saved", variant: "success" });
    close();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline">
          <ShieldCheck aria-hidden />
          Required insurance
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          eyebrow="// Customer"
          title="Required insurance"
          description="A job of this customer is not scheduled on a day the policy in force covers less per occurrence. Leave empty when they require none."
        />
        <DialogForm
          label="Required insurance"
          onSubmit={(event) => void onSubmit(event)}
          refusal={refusal}
          submit="Save"
          submitting="Saving…"
          pending={change.isPending}
        >
          <InputField
            id={id}
            label={withCurrency("Limit per occurrence")}
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={error}
          />
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
