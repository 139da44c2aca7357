import { Pencil, Plus } from "lucide-react";
import { withCurrency } from "@/lib/format";
import { useId } from "react";
import { type Path, useForm } from "react-hook-form";
import type { PriceListItem } from "@common/contract/price-list";
import { newPriceListItemSchema, PRICE_LIST_LIMITS, UNIT_SUGGESTIONS } from "@common/price-list";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { DialogForm, issuesOf, refuseIssues, useFormDialog } from "@/components/ui/form-dialog";
import { InputField } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { showRefusal } from "@/lib/show-refusal";
import { toast } from "@/lib/use-toast";
import { dollarsText } from "../estimates/estimate-form";
import { amountCents } from "../money-input";
import { useAddPriceListItem, useChangePriceListItem } from "./api";

interface ItemValues {
  description: string;
  unit: string;
  /** Dollars, as typed. */
  unitPrice: string;
  taxExempt: boolean;
}

const FIELDS = ["description", "unit", "unitPrice", "taxExempt"] as const;
const fieldOf = (path: string) => ((FIELDS as readonly string[]).includes(path) ? (path as Path<ItemValues>) : undefined);

const valuesOf = (item: PriceListItem | undefined): ItemValues =>
  item
    ? { description: item.description, unit: item.unit, unitPrice: dollarsText(item.unitPrice), taxExempt: item.taxExempt }
    : { description: "", unit: "", unitPrice: "", taxExempt: false };

/**
 * Add item, or Edit on a row: one price list item's description, unit (any short text; common ones
 * suggested), price in dollars sent as cents, and its tax exempt mark. The browser checks it with
 * the server's own schema (common/price-list.ts); the server's refusals land under their fields.
 * Estimates already sent keep their lines as they were.
 */
export function PriceListItemDialog({ item }: { item?: PriceListItem }) {
  const add = useAddPriceListItem();
  const change = useChangePriceListItem();
  const form = useForm<ItemValues>({ defaultValues: valuesOf(item) });
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => form.reset(valuesOf(item)));
  const { errors } = form.formState;
  const prefix = useId();
  const id = (field: keyof ItemValues) => `${prefix}-${field}`;
  const title = item ? "Edit price list item" : "Add price list item";

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    const unitPrice = amountCents(values.unitPrice, (message) => form.setError("unitPrice", { message }, { shouldFocus: true }));
    if (unitPrice === null) return;
    const body = { description: values.description, unit: values.unit, unitPrice, taxExempt: values.taxExempt };
    if (refuseIssues(issuesOf(newPriceListItemSchema.safeParse(body)), form.setError, fieldOf)) return;
    const answer = item ? await change.mutateAsync({ id: item.id, change: body }) : await add.mutateAsync(body);
    if (!answer.ok) {
      setRefusal(showRefusal(answer, form.setError, fieldOf));
      return;
    }
    toast({ title: item ? "Item saved" : "Item added", description: answer.data.data.description, variant: "success" });
    close();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        {item ? (
          <Button type="button" size="sm" variant="ghost">
            <Pencil aria-hidden />
            Edit<span className="sr-only"> {item.description}</span>
          </Button>
        ) : (
          <Button type="button">
            <Plus aria-hidden />
            Add item
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          eyebrow="// Price list"
          title={title}
          description="Offered in the estimate builder, where each line's figures can still be changed for its customer. Estimates already sent keep their own."
        />
        <DialogForm label={title} onSubmit={onSubmit} refusal={refusal} submit="Save item" submitting="Saving…" pending={add.isPending || change.isPending}>
          <InputField
            id={id("description")}
            label="Description"
            autoComplete="off"
            maxLength={PRICE_LIST_LIMITS.description}
            error={errors.description?.message}
            registration={form.register("description")}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              id={id("unit")}
              label="Unit"
              autoComplete="off"
              list={`${prefix}-units`}
              placeholder="acre, MWp, hour…"
              maxLength={PRICE_LIST_LIMITS.unit}
              error={errors.unit?.message}
              registration={form.register("unit")}
            />
            <InputField
              id={id("unitPrice")}
              label={withCurrency("Unit price")}
              inputMode="decimal"
              autoComplete="off"
              error={errors.unitPrice?.message}
              registration={form.register("unitPrice")}
            />
          </div>
          <datalist id={`${prefix}-units`}>
            {UNIT_SUGGESTIONS.map((unit) => (
              <option key={unit} value={unit} />
            ))}
          </datalist>
          <div className="space-y-1">
            <div className="flex items-center gap-2">
              <input
                id={id("taxExempt")}
                type="checkbox"
                className="size-4 accent-primary"
                aria-describedby={`${id("taxExempt")}-hint`}
                {...form.register("taxExempt")}
              />
              <Label htmlFor={id("taxExempt")}>Tax exempt</Label>
            </div>
            <p id={`${id("taxExempt")}-hint`} className="text-xs text-muted-foreground">
              Kept with the item. An estimate's tax is reckoned on its whole subtotal, so a line made from it is taxed like the others.
            </p>
          </div>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
