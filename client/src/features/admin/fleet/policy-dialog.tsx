import { Pencil, Plus } from "lucide-react";
import { useId } from "react";
import { type Path, useForm } from "react-hook-form";
import type { Policy } from "@common/contract/operator-records";
import { newPolicySchema } from "@common/operator-records";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { DialogForm, issuesOf, refuseIssues, useFormDialog } from "@/components/ui/form-dialog";
import { InputField } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { withCurrency } from "@/lib/format";
import { showRefusal } from "@/lib/show-refusal";
import { toast } from "@/lib/use-toast";
import { useAdminUsers, userLabel } from "../api/get-admin-users";
import { dollarsText } from "../estimates/estimate-form";
import { amountCents } from "../money-input";
import { useSavePolicy } from "./api";

interface PolicyValues {
  insurer: string;
  policyNumber: string;
  startsOn: string;
  expiresOn: string;
  /** Dollars, as typed. */
  perOccurrenceLimit: string;
  aggregateLimit: string;
  additionalInsured: string[];
}

const FIELDS = ["insurer", "policyNumber", "startsOn", "expiresOn", "perOccurrenceLimit", "aggregateLimit", "additionalInsured"] as const;
const fieldOf = (path: string) => {
  const field = path.split(".")[0]!;
  return (FIELDS as readonly string[]).includes(field) ? (field as Path<PolicyValues>) : undefined;
};

const valuesOf = (policy: Policy | undefined): PolicyValues =>
  policy
    ? {
        insurer: policy.insurer,
        policyNumber: policy.policyNumber,
        startsOn: policy.startsOn,
        expiresOn: policy.expiresOn,
        perOccurrenceLimit: dollarsText(policy.perOccurrenceLimit),
        aggregateLimit: dollarsText(policy.aggregateLimit),
        additionalInsured: policy.additionalInsured.map((customer) => String(customer.id)),
      }
    : { insurer: "", policyNumber: "", startsOn: "", expiresOn: "", perOccurrenceLimit: "", aggregateLimit: "", additionalInsured: [] };

/** Add policy, or Edit on one: insurer, number, period, limits in the business's currency, and the customers named as additional insured. */
export function PolicyDialog({ policy }: { policy?: Policy }) {
  const save = useSavePolicy();
  const users = useAdminUsers();
  const customers = (users.data ?? []).filter((user) => user.role === "customer");
  const form = useForm<PolicyValues>({ defaultValues: valuesOf(policy) });
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => form.reset(valuesOf(policy)));
  const { errors } = form.formState;
  const prefix = useId();
  const id = (field: keyof PolicyValues) => `${prefix}-${field}`;
  const title = policy ? "Edit policy" : "Add policy";
  const text = (field: Exclude<keyof PolicyValues, "additionalInsured">, label: string, type = "text") => (
    <InputField id={id(field)} label={label} type={type} autoComplete="off" error={errors[field]?.message} registration={form.register(field)} />
  );

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    const refuse = (field: "perOccurrenceLimit" | "aggregateLimit") => (message: string) => form.setError(field, { message }, { shouldFocus: true });
    const perOccurrenceLimit = amountCents(values.perOccurrenceLimit, refuse("perOccurrenceLimit"));
    const aggregateLimit = amountCents(values.aggregateLimit, refuse("aggregateLimit"));
    if (perOccurrenceLimit === null || aggregateLimit === null) return;
    const body = { ...values, perOccurrenceLimit, aggregateLimit, additionalInsured: values.additionalInsured.map(Number) };
    if (refuseIssues(issuesOf(newPolicySchema.safeParse(body)), form.setError, fieldOf)) return;
    const answer = await save.mutateAsync({ ...(policy ? { id: policy.id } : {}), body });
    if (!answer.ok) {
      setRefusal(showRefusal(answer, form.setError, fieldOf));
      return;
    }
    toast({ title: answer.data.message, description: `${body.insurer} ${body.policyNumber}`, variant: "success" });
    close();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        {policy ? (
          <Button type="button" size="sm" variant="ghost">
            <Pencil aria-hidden />
            Edit<span className="sr-only"> policy {policy.policyNumber}</span>
          </Button>
        ) : (
          <Button type="button">
            <Plus aria-hidden />
            Add policy
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeading
          eyebrow="// Fleet & compliance"
          title={title}
          description="A job is not scheduled for a customer whose required limit is above every policy in force on the flight's day."
        />
        <DialogForm label={title} onSubmit={onSubmit} refusal={refusal} submit="Save policy" submitting="Saving…" pending={save.isPending}>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("insurer", "Insurer")}
            {text("policyNumber", "Policy number")}
            {text("startsOn", "Starts on", "date")}
            {text("expiresOn", "Expires on", "date")}
            {text("perOccurrenceLimit", withCurrency("Limit per occurrence"))}
            {text("aggregateLimit", withCurrency("Aggregate limit"))}
          </div>
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium">Additional insured</legend>
            {customers.length === 0 ? <p className="text-sm text-muted-foreground">No customers yet.</p> : null}
            <div className="max-h-40 space-y-1 overflow-y-auto rounded-md border p-2">
              {customers.map((customer) => (
                <div key={customer.id} className="flex items-center gap-2">
                  <input
                    id={`${prefix}-insured-${customer.id}`}
                    type="checkbox"
                    value={String(customer.id)}
                    className="size-4 accent-primary"
                    {...form.register("additionalInsured")}
                  />
                  <Label htmlFor={`${prefix}-insured-${customer.id}`}>{customer.company || userLabel(customer)}</Label>
                </div>
              ))}
            </div>
            {errors.additionalInsured?.message ? (
              <p role="alert" className="text-sm text-destructive">
                {errors.additionalInsured.message}
              </p>
            ) : null}
          </fieldset>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
