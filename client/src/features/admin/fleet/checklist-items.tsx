import { ListChecks, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { ChecklistItem } from "@common/contract/preflight";
import type { ErrorResponse } from "@common/contract/wire";
import { CHECKLIST_KIND_LABELS, CHECKLIST_KINDS, type ChecklistKind, MIN_THERMAL_IRRADIANCE } from "@common/preflight-words";
import { Button } from "@/components/ui/button";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input, NativeSelect } from "@/components/ui/input";
import { EmptyState, ErrorState, FormRefusal, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { toast } from "@/lib/use-toast";
import { useChecklistItems, useSaveChecklistItems } from "./api";

/** An item as edited: a new one has no id yet; `key` tells rows apart before it has one. */
type Row = Omit<ChecklistItem, "id"> & { id?: number; key: string };

let fresh = 0;
const rowOf = (item: ChecklistItem): Row => ({ ...item, key: `item-${item.id}` });

/**
 * The business's pre-flight checklist (docs/decisions/0074-preflight-checklist.md): each item's
 * label, whether it blocks the flight or only warns, whether the pilot writes a value, and whether it
 * is for solar (thermal) jobs only. Saved whole; a job already flown keeps the checklist it was
 * ticked under.
 */
export function ChecklistItems() {
  const items = useChecklistItems();
  return (
    <section aria-labelledby="checklist-heading" className="space-y-3">
      <PanelHeader id="checklist-heading" title="Pre-flight checklist" />
      {items.isPending ? (
        <LoadingState label="Loading the checklist…" />
      ) : items.isError ? (
        <ErrorState>Failed to load the checklist</ErrorState>
      ) : (
        <ChecklistEditor key={items.dataUpdatedAt} items={items.data} />
      )}
    </section>
  );
}

function ChecklistEditor({ items }: { items: ChecklistItem[] }) {
  const [rows, setRows] = useState<Row[]>(() => items.map(rowOf));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string>();
  const save = useSaveChecklistItems();
  const change = (key: string, patch: Partial<Row>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    const answer = await save.mutateAsync({
      items: rows.map(({ key: _key, ...row }) => row),
    });
    if (!answer.ok) {
      const body = answer.body as ErrorResponse | undefined;
      setErrors(body?.errors ?? {});
      return setRefusal(body?.errors ? "Check the items marked below." : (answer.message ?? answer.generic));
    }
    setErrors({});
    toast({ title: answer.data.message, variant: "success" });
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Pre-flight checklist items" className="space-y-4">
      <FormRefusal>{refusal}</FormRefusal>
      {rows.length === 0 ? <EmptyState icon={<ListChecks />}>No checklist items: Mark flown asks for none.</EmptyState> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const id = `checklist-${row.key}`;
          const error = (field: string) => errors[`items.${index}.${field}`];
          return (
            <li key={row.key} className="grid gap-3 rounded-lg border bg-card/80 p-3 sm:grid-cols-[1fr_auto]">
              <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
                <FormField id={`${id}-label`} label={`Item ${index + 1}`} error={error("label") ?? error("id")}>
                  <Input
                    id={`${id}-label`}
                    value={row.label}
                    onChange={(event) => change(row.key, { label: event.target.value })}
                    {...fieldAria(`${id}-label`, error("label"))}
                  />
                </FormField>
                <FormField id={`${id}-kind`} label="Kind" error={error("kind")}>
                  <NativeSelect
                    id={`${id}-kind`}
                    value={row.kind}
                    onChange={(event) => change(row.key, { kind: event.target.value as ChecklistKind })}
                    {...fieldAria(`${id}-kind`, error("kind"))}
                  >
                    {CHECKLIST_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {CHECKLIST_KIND_LABELS[kind]}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
                <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm sm:col-span-2">
                  {row.source === "irradiance" ? (
                    <p className="text-muted-foreground">
                      Its value is the job&apos;s inspection conditions&apos; irradiance, judged against {MIN_THERMAL_IRRADIANCE} W/m².
                    </p>
                  ) : (
                    <label className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={row.needsValue}
                        onChange={(event) => change(row.key, { needsValue: event.target.checked })}
                      />
                      Needs a value
                    </label>
                  )}
                  <label className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={row.thermalOnly}
                      onChange={(event) => change(row.key, { thermalOnly: event.target.checked })}
                    />
                    Thermal (solar) jobs only
                  </label>
                </div>
              </div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="self-start"
                aria-label={`Remove ${row.label || `item ${index + 1}`}`}
                onClick={() => setRows((current) => current.filter((candidate) => candidate.key !== row.key))}
              >
                <Trash2 aria-hidden />
                Remove
              </Button>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            setRows((current) => [...current, { key: `new-${(fresh += 1)}`, label: "", kind: "blocker", needsValue: false, thermalOnly: false, source: null }])
          }
        >
          <Plus aria-hidden />
          Add item
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save checklist"}
        </Button>
      </div>
    </form>
  );
}
