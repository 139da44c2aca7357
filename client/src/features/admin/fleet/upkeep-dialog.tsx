import { Pencil, Wrench } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { type Path, useForm } from "react-hook-form";
import type { Aircraft, Battery, MaintenanceEntry } from "@common/contract/operator-records";
import { batteryChangeSchema, maintenanceChangeSchema, newBatterySchema, newMaintenanceSchema } from "@common/operator-records";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { issuesOf, refuseIssues, useFormDialog } from "@/components/ui/form-dialog";
import { fieldAria, FormField, InputField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import type { Answer } from "@/lib/api";
import { formatDay } from "@/lib/format";
import { showRefusal } from "@/lib/show-refusal";
import { toast } from "@/lib/use-toast";
import { useAircraftParts, useSaveBattery, useSaveMaintenance } from "./api";
import { RecordHistory } from "./record-history";

const numberOrNull = (text: string): number | null => (text.trim() === "" ? null : Number(text));
/** Hours as typed ("12.5") to tenths; NaN stays NaN, which the schema refuses under its field. */
const tenthsOrNull = (text: string): number | null => (text.trim() === "" ? null : Math.round(Number(text) * 10));
const hours = (tenths: number | null) => (tenths === null ? null : `${(tenths / 10).toFixed(1)} h`);

function nextDue(entry: MaintenanceEntry): string {
  const parts = [
    entry.nextDueOn ? formatDay(entry.nextDueOn) : null,
    hours(entry.nextDueHoursTenths),
    entry.nextDueCycles === null ? null : `${entry.nextDueCycles} flights`,
  ].filter(Boolean);
  return parts.length ? `next due ${parts.join(" or ")}` : "no next due";
}

type Values = Record<string, string>;

/** A field of a record's form: a text or number box, or a choice among `choices`. */
interface PartField {
  name: string;
  label: string;
  type?: "text" | "number" | "date";
  choices?: Record<string, string>;
}

interface PartFormProps<Body> {
  /** The form's accessible name ("Add battery", "Edit battery TB30-1"). */
  label: string;
  fields: readonly PartField[];
  /** The values it opens with (the record's when editing). */
  initial: Values;
  /** The body's paths held by a field of another name (hoursTenthsAt typed as hours). */
  paths?: Record<string, string>;
  toBody: (values: Values) => Body;
  schema: { safeParse: (body: unknown) => Parameters<typeof issuesOf>[0] };
  save: (body: Body) => Promise<Answer<{ message: string }>>;
  pending: boolean;
  submit: string;
  /** What the toast names once saved. */
  describe: (body: Body) => string;
  /** After a save (an edit closes its form; an add clears it). */
  onSaved?: () => void;
  onCancel?: () => void;
}

/**
 * One record's form, adding or editing: checked by the schema the server uses, each refusal under
 * its field, what was typed kept until the save succeeds.
 */
function PartForm<Body>({ label, fields, initial, paths = {}, toBody, schema, save, pending, submit, describe, onSaved, onCancel }: PartFormProps<Body>) {
  const form = useForm<Values>({ defaultValues: initial });
  const prefix = useId();
  const names = fields.map((field) => field.name);
  const fieldOf = (path: string) => {
    const name = paths[path] ?? path;
    return names.includes(name) ? (name as Path<Values>) : undefined;
  };
  const onSubmit = form.handleSubmit(async (values) => {
    const body = toBody(values);
    if (refuseIssues(issuesOf(schema.safeParse(body)), form.setError, fieldOf)) return;
    const answer = await save(body);
    if (!answer.ok) {
      const said = showRefusal(answer, form.setError, fieldOf);
      if (said) toast({ title: "Not saved", description: String(said), variant: "destructive" });
      return;
    }
    toast({ title: answer.data.message, description: describe(body), variant: "success" });
    form.reset(initial);
    onSaved?.();
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="grid items-end gap-3 sm:grid-cols-4">
      {fields.map(({ name, label: fieldLabel, type = "text", choices }) => {
        const id = `${prefix}-${name}`;
        const error = form.formState.errors[name]?.message;
        return choices ? (
          <FormField key={name} id={id} label={fieldLabel} error={error}>
            <NativeSelect id={id} {...fieldAria(id, error)} {...form.register(name)}>
              {Object.entries(choices).map(([value, said]) => (
                <option key={value} value={value}>
                  {said}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : (
          <InputField key={name} id={id} label={fieldLabel} type={type} autoComplete="off" error={error} registration={form.register(name)} />
        );
      })}
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {submit}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

const BATTERY_FIELDS: readonly PartField[] = [
  { name: "serial", label: "Battery serial" },
  { name: "cyclesBefore", label: "Cycles so far", type: "number" },
  { name: "healthPercent", label: "Health (%)", type: "number" },
];
/** A battery is retired, never deleted: flights refer to it. */
const BATTERY_STATUS: PartField = { name: "status", label: "Status", choices: { "in-service": "In service", grounded: "Retired" } };

const batteryBody = (values: Values) => ({
  serial: values.serial ?? "",
  cyclesBefore: numberOrNull(values.cyclesBefore ?? "") ?? 0,
  healthPercent: numberOrNull(values.healthPercent ?? ""),
  ...(values.status ? { status: values.status as Battery["status"] } : {}),
});

function BatteryForm({ aircraftId, battery, onDone }: { aircraftId: number; battery?: Battery; onDone?: () => void }) {
  const save = useSaveBattery(aircraftId);
  return (
    <PartForm
      label={battery ? `Edit battery ${battery.serial}` : "Add battery"}
      fields={battery ? [...BATTERY_FIELDS, BATTERY_STATUS] : BATTERY_FIELDS}
      initial={
        battery
          ? {
              serial: battery.serial,
              cyclesBefore: String(battery.cyclesBefore),
              healthPercent: battery.healthPercent === null ? "" : String(battery.healthPercent),
              status: battery.status,
            }
          : { serial: "", cyclesBefore: "0", healthPercent: "" }
      }
      toBody={batteryBody}
      schema={battery ? batteryChangeSchema : newBatterySchema}
      save={(body) => save.mutateAsync({ ...(battery ? { id: battery.id } : {}), body })}
      pending={save.isPending}
      submit={battery ? "Save battery" : "Add battery"}
      describe={(body) => body.serial}
      onSaved={onDone}
      onCancel={onDone}
    />
  );
}

const MAINTENANCE_FIELDS: readonly PartField[] = [
  { name: "doneOn", label: "Done on", type: "date" },
  { name: "work", label: "Work done" },
  { name: "doneBy", label: "Done by" },
  { name: "hoursAt", label: "Hours then" },
  { name: "cyclesAt", label: "Flights then", type: "number" },
  { name: "nextDueOn", label: "Next due on", type: "date" },
  { name: "nextDueHours", label: "Next due at hours" },
  { name: "nextDueCycles", label: "Next due at flights", type: "number" },
];
const MAINTENANCE_PATHS = { hoursTenthsAt: "hoursAt", nextDueHoursTenths: "nextDueHours" };
const hoursTyped = (tenths: number | null) => (tenths === null ? "" : (tenths / 10).toFixed(1));
const countTyped = (count: number | null) => (count === null ? "" : String(count));

const maintenanceBody = (values: Values) => ({
  doneOn: values.doneOn ?? "",
  work: values.work ?? "",
  doneBy: values.doneBy ?? "",
  hoursTenthsAt: tenthsOrNull(values.hoursAt ?? ""),
  cyclesAt: numberOrNull(values.cyclesAt ?? ""),
  nextDueOn: values.nextDueOn || null,
  nextDueHoursTenths: tenthsOrNull(values.nextDueHours ?? ""),
  nextDueCycles: numberOrNull(values.nextDueCycles ?? ""),
});

function MaintenanceForm({ aircraftId, entry, onDone }: { aircraftId: number; entry?: MaintenanceEntry; onDone?: () => void }) {
  const save = useSaveMaintenance(aircraftId);
  return (
    <PartForm
      label={entry ? `Edit maintenance of ${entry.doneOn}` : "Add maintenance"}
      fields={MAINTENANCE_FIELDS}
      initial={
        entry
          ? {
              doneOn: entry.doneOn,
              work: entry.work,
              doneBy: entry.doneBy,
              hoursAt: hoursTyped(entry.hoursTenthsAt),
              cyclesAt: countTyped(entry.cyclesAt),
              nextDueOn: entry.nextDueOn ?? "",
              nextDueHours: hoursTyped(entry.nextDueHoursTenths),
              nextDueCycles: countTyped(entry.nextDueCycles),
            }
          : { doneOn: "", work: "", doneBy: "", hoursAt: "", cyclesAt: "", nextDueOn: "", nextDueHours: "", nextDueCycles: "" }
      }
      paths={MAINTENANCE_PATHS}
      toBody={maintenanceBody}
      schema={entry ? maintenanceChangeSchema : newMaintenanceSchema}
      save={(body) => save.mutateAsync({ ...(entry ? { id: entry.id } : {}), body })}
      pending={save.isPending}
      submit={entry ? "Save maintenance" : "Add maintenance"}
      describe={(body) => body.work}
      onSaved={onDone}
      onCancel={onDone}
    />
  );
}

/** A record's line, with Edit turning it into its form until saved or cancelled. */
function EditableItem({ children, name, form }: { children: ReactNode; name: string; form: (done: () => void) => ReactNode }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <li className="rounded-md border border-border p-3">{form(() => setEditing(false))}</li>;
  return (
    <li className="flex flex-wrap items-center gap-x-2">
      {children}
      <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(true)}>
        <Pencil aria-hidden />
        Edit<span className="sr-only"> {name}</span>
      </Button>
    </li>
  );
}

const BatteryItem = ({ aircraftId, battery }: { aircraftId: number; battery: Battery }) => (
  <EditableItem name={`battery ${battery.serial}`} form={(done) => <BatteryForm aircraftId={aircraftId} battery={battery} onDone={done} />}>
    <span>
      <span className="font-mono">{battery.serial}</span> · {battery.cycles} cycles
      {battery.healthPercent === null ? "" : ` · health ${battery.healthPercent}%`}
      {battery.status === "grounded" ? " · retired" : ""}
    </span>
    <RecordHistory history={battery.history} name={`battery ${battery.serial}`} />
  </EditableItem>
);

const EntryItem = ({ aircraftId, entry }: { aircraftId: number; entry: MaintenanceEntry }) => (
  <EditableItem name={`maintenance of ${entry.doneOn}`} form={(done) => <MaintenanceForm aircraftId={aircraftId} entry={entry} onDone={done} />}>
    <span>
      {formatDay(entry.doneOn)} · {entry.work} · {entry.doneBy}
      {entry.hoursTenthsAt === null ? "" : ` · at ${hours(entry.hoursTenthsAt)}`} · {nextDue(entry)}
    </span>
    <RecordHistory history={entry.history} name={`maintenance of ${entry.doneOn}`} />
  </EditableItem>
);

/**
 * An aircraft's batteries and maintenance entries (docs/decisions/0072-flight-records.md): the
 * batteries' cycles and the aircraft's hours follow from the recorded flights; the newest entry's
 * next due is the limit scheduling checks. Nothing here deletes a record.
 */
export function UpkeepDialog({ craft }: { craft: Aircraft }) {
  const { open, onOpenChange } = useFormDialog(() => undefined);
  const parts = useAircraftParts(open ? craft.id : null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="ghost">
          <Wrench aria-hidden />
          Upkeep<span className="sr-only"> of {craft.serial}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
        <DialogHeading
          eyebrow="// Fleet & compliance"
          title={`${craft.make} ${craft.model} (${craft.serial})`}
          description={`${hours(craft.totalHoursTenths)} over ${craft.flightCount} recorded ${craft.flightCount === 1 ? "flight" : "flights"}.`}
        />
        <section aria-label="Batteries" className="space-y-2">
          <h3 className="font-semibold">Batteries</h3>
          <ul className="space-y-1 text-sm">
            {(parts.batteries.data ?? []).map((battery) => (
              <BatteryItem key={battery.id} aircraftId={craft.id} battery={battery} />
            ))}
          </ul>
          <BatteryForm aircraftId={craft.id} />
        </section>
        <section aria-label="Maintenance" className="space-y-2">
          <h3 className="font-semibold">Maintenance</h3>
          <ul className="space-y-1 text-sm">
            {(parts.maintenance.data ?? []).map((entry) => (
              <EntryItem key={entry.id} aircraftId={craft.id} entry={entry} />
            ))}
          </ul>
          <MaintenanceForm aircraftId={craft.id} />
        </section>
        <DialogActions closeLabel="Close">{null}</DialogActions>
      </DialogContent>
    </Dialog>
  );
}
