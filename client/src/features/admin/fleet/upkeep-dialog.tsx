import { Wrench } from "lucide-react";
import { useId } from "react";
import { type Path, useForm } from "react-hook-form";
import type { Aircraft, Battery, MaintenanceEntry } from "@common/contract/operator-records";
import { newBatterySchema, newMaintenanceSchema } from "@common/operator-records";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { issuesOf, refuseIssues, useFormDialog } from "@/components/ui/form-dialog";
import { InputField } from "@/components/ui/form-field";
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

const BATTERY_FIELDS = ["serial", "cyclesBefore", "healthPercent"] as const;
type BatteryValues = Record<(typeof BATTERY_FIELDS)[number], string>;
const MAINTENANCE_FIELDS = ["doneOn", "work", "doneBy", "hoursAt", "cyclesAt", "nextDueOn", "nextDueHours", "nextDueCycles"] as const;
type MaintenanceValues = Record<(typeof MAINTENANCE_FIELDS)[number], string>;
const MAINTENANCE_PATHS: Record<string, keyof MaintenanceValues> = { hoursTenthsAt: "hoursAt", nextDueHoursTenths: "nextDueHours" };

function BatteryForm({ aircraftId }: { aircraftId: number }) {
  const save = useSaveBattery(aircraftId);
  const empty: BatteryValues = { serial: "", cyclesBefore: "0", healthPercent: "" };
  const form = useForm<BatteryValues>({ defaultValues: empty });
  const prefix = useId();
  const fieldOf = (path: string) => ((BATTERY_FIELDS as readonly string[]).includes(path) ? (path as Path<BatteryValues>) : undefined);
  const onSubmit = form.handleSubmit(async (values) => {
    const body = { serial: values.serial, cyclesBefore: numberOrNull(values.cyclesBefore) ?? 0, healthPercent: numberOrNull(values.healthPercent) };
    if (refuseIssues(issuesOf(newBatterySchema.safeParse(body)), form.setError, fieldOf)) return;
    const answer = await save.mutateAsync(body);
    if (!answer.ok) {
      const said = showRefusal(answer, form.setError, fieldOf);
      if (said) toast({ title: "Not saved", description: String(said), variant: "destructive" });
      return;
    }
    toast({ title: answer.data.message, description: body.serial, variant: "success" });
    form.reset(empty);
  });
  const text = (field: keyof BatteryValues, label: string, type = "text") => (
    <InputField
      id={`${prefix}-${field}`}
      label={label}
      type={type}
      autoComplete="off"
      error={form.formState.errors[field]?.message}
      registration={form.register(field)}
    />
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add battery" className="grid items-end gap-3 sm:grid-cols-4">
      {text("serial", "Battery serial")}
      {text("cyclesBefore", "Cycles so far", "number")}
      {text("healthPercent", "Health (%)", "number")}
      <Button type="submit" disabled={save.isPending}>
        Add battery
      </Button>
    </form>
  );
}

function MaintenanceForm({ aircraftId }: { aircraftId: number }) {
  const save = useSaveMaintenance(aircraftId);
  const empty: MaintenanceValues = { doneOn: "", work: "", doneBy: "", hoursAt: "", cyclesAt: "", nextDueOn: "", nextDueHours: "", nextDueCycles: "" };
  const form = useForm<MaintenanceValues>({ defaultValues: empty });
  const prefix = useId();
  const fieldOf = (path: string) => {
    const field = MAINTENANCE_PATHS[path] ?? path;
    return (MAINTENANCE_FIELDS as readonly string[]).includes(field) ? (field as Path<MaintenanceValues>) : undefined;
  };
  const onSubmit = form.handleSubmit(async (values) => {
    const body = {
      doneOn: values.doneOn,
      work: values.work,
      doneBy: values.doneBy,
      hoursTenthsAt: tenthsOrNull(values.hoursAt),
      cyclesAt: numberOrNull(values.cyclesAt),
      nextDueOn: values.nextDueOn || null,
      nextDueHoursTenths: tenthsOrNull(values.nextDueHours),
      nextDueCycles: numberOrNull(values.nextDueCycles),
    };
    if (refuseIssues(issuesOf(newMaintenanceSchema.safeParse(body)), form.setError, fieldOf)) return;
    const answer = await save.mutateAsync(body);
    if (!answer.ok) {
      const said = showRefusal(answer, form.setError, fieldOf);
      if (said) toast({ title: "Not saved", description: String(said), variant: "destructive" });
      return;
    }
    toast({ title: answer.data.message, description: body.work, variant: "success" });
    form.reset(empty);
  });
  const text = (field: keyof MaintenanceValues, label: string, type = "text") => (
    <InputField
      id={`${prefix}-${field}`}
      label={label}
      type={type}
      autoComplete="off"
      error={form.formState.errors[field]?.message}
      registration={form.register(field)}
    />
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add maintenance" className="grid items-end gap-3 sm:grid-cols-4">
      {text("doneOn", "Done on", "date")}
      {text("work", "Work done")}
      {text("doneBy", "Done by")}
      {text("hoursAt", "Hours then")}
      {text("cyclesAt", "Flights then", "number")}
      {text("nextDueOn", "Next due on", "date")}
      {text("nextDueHours", "Next due at hours")}
      {text("nextDueCycles", "Next due at flights", "number")}
      <Button type="submit" disabled={save.isPending}>
        Add maintenance
      </Button>
    </form>
  );
}

const BatteryItem = ({ battery }: { battery: Battery }) => (
  <li>
    <span className="font-mono">{battery.serial}</span> · {battery.cycles} cycles
    {battery.healthPercent === null ? "" : ` · health ${battery.healthPercent}%`}
    {battery.status === "grounded" ? " · retired" : ""}
    <RecordHistory history={battery.history} name={`battery ${battery.serial}`} />
  </li>
);

const EntryItem = ({ entry }: { entry: MaintenanceEntry }) => (
  <li>
    {formatDay(entry.doneOn)} · {entry.work} · {entry.doneBy}
    {entry.hoursTenthsAt === null ? "" : ` · at ${hours(entry.hoursTenthsAt)}`} · {nextDue(entry)}
    <RecordHistory history={entry.history} name={`maintenance of ${entry.doneOn}`} />
  </li>
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
              <BatteryItem key={battery.id} battery={battery} />
            ))}
          </ul>
          <BatteryForm aircraftId={craft.id} />
        </section>
        <section aria-label="Maintenance" className="space-y-2">
          <h3 className="font-semibold">Maintenance</h3>
          <ul className="space-y-1 text-sm">
            {(parts.maintenance.data ?? []).map((entry) => (
              <EntryItem key={entry.id} entry={entry} />
            ))}
          </ul>
          <MaintenanceForm aircraftId={craft.id} />
        </section>
        <DialogActions closeLabel="Close">{null}</DialogActions>
      </DialogContent>
    </Dialog>
  );
}
