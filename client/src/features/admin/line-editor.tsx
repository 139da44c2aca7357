import { Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import type { FieldValues, Path, UseFormRegister } from "react-hook-form";
import { ESTIMATE_LIMITS } from "@common/estimates";
import { Button } from "@/components/ui/button";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { withCurrency } from "@/lib/format";

const LINE_FIELDS = ["description", "quantity", "unit", "unitPrice"] as const;

export interface LineEditorProps<V extends FieldValues> {
  /** The list's path in the form: "lines" (an estimate's), "extraLines" (an invoice's). */
  name: string;
  /** useFieldArray's rows, one fieldset each. */
  rows: readonly { id: string }[];
  register: UseFormRegister<V>;
  /** The id of the input at a path ("lines.0.unitPrice"); errors are keyed by the same paths. */
  id: (path: string) => string;
  errors: Readonly<Record<string, string | undefined>>;
  /** Each row's legend, before its number: "Line", "Extra line". */
  legend: string;
  /** The remove button's words for row `index`. */
  removeLabel: (index: number) => string;
  /** The last row may not go (an estimate has at least one line). */
  keepOne?: boolean;
  onRemove: (index: number) => void;
  addLabel: string;
  /** As many rows as the list may hold. */
  full: boolean;
  onAdd: () => void;
  /** What row `index` shows above its fields (a note), and beside its remove button (a choice). */
  note?: (index: number) => ReactNode;
  beside?: (index: number) => ReactNode;
  /** Other ways to add a row, beside the add button. */
  children?: ReactNode;
}

/**
 * Priced lines as an admin types them, each a description, quantity, unit and unit price, with its
 * remove button, and the buttons that add one: the estimate builder's lines and the final
 * invoice's extra lines (taxed like them, so held to the same limits: common/estimates.ts).
 */
export function LineEditor<V extends FieldValues>({
  name,
  rows,
  register,
  id,
  errors,
  legend,
  removeLabel,
  keepOne = false,
  onRemove,
  addLabel,
  full,
  onAdd,
  note,
  beside,
  children,
}: LineEditorProps<V>) {
  const labels: Record<(typeof LINE_FIELDS)[number], string> = {
    description: "Description",
    quantity: "Quantity",
    unit: "Unit",
    unitPrice: withCurrency("Unit price"),
  };
  return (
    <>
      {rows.map((row, index) => (
        <fieldset key={row.id} className="space-y-3 rounded-md border p-4">
          <legend className="hud-label px-1 text-primary">
            {legend} {index + 1}
          </legend>
          {note?.(index)}
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_6rem_6rem_9rem]">
            {LINE_FIELDS.map((field) => {
              const path = `${name}.${index}.${field}`;
              return (
                <div key={field} className={field === "description" ? "sm:col-span-4" : undefined}>
                  <FormField id={id(path)} label={labels[field]} error={errors[path]}>
                    <Input
                      id={id(path)}
                      autoComplete="off"
                      inputMode={field === "quantity" || field === "unitPrice" ? "decimal" : undefined}
                      maxLength={field === "description" ? ESTIMATE_LIMITS.description : field === "unit" ? ESTIMATE_LIMITS.unit : undefined}
                      {...fieldAria(id(path), errors[path])}
                      {...register(path as Path<V>)}
                    />
                  </FormField>
                </div>
              );
            })}
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            {beside?.(index)}
            <Button type="button" size="sm" variant="ghost" disabled={keepOne && rows.length === 1} onClick={() => onRemove(index)}>
              <Trash2 aria-hidden />
              {removeLabel(index)}
            </Button>
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-3">
        <Button type="button" size="sm" variant="outline" disabled={full} onClick={onAdd}>
          <Plus aria-hidden />
          {addLabel}
        </Button>
        {children}
      </div>
    </>
  );
}
