import type { UseFormRegisterReturn } from "react-hook-form";
import { useBatteries } from "./api";

interface BatteryPickerProps {
  /** The aircraft flown; none picked, nothing to offer. */
  aircraftId: number | null;
  /** The checkboxes' registration: their values are the batteries' ids. */
  registration: UseFormRegisterReturn;
  error?: string;
}

/**
 * The batteries flown, among the chosen aircraft's (docs/decisions/0072-flight-records.md): each
 * one ticked earns a cycle from this flight. A retired battery is not offered for a new flight.
 */
export function BatteryPicker({ aircraftId, registration, error }: BatteryPickerProps) {
  const batteries = useBatteries(aircraftId);
  if (aircraftId === null) return null;
  const offered = (batteries.data ?? []).filter((battery) => battery.status === "in-service");
  const errorId = `${registration.name}-${aircraftId}-error`;
  return (
    <fieldset className="space-y-2 sm:col-span-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">Batteries flown</legend>
      {batteries.isPending ? (
        <p className="text-sm text-muted-foreground">Loading the aircraft's batteries…</p>
      ) : offered.length === 0 ? (
        <p className="text-sm text-muted-foreground">No batteries in service are recorded for this aircraft (Fleet & compliance, Upkeep).</p>
      ) : (
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {offered.map((battery) => (
            <label key={battery.id} className="flex min-h-6 items-center gap-2 text-sm">
              <input type="checkbox" value={battery.id} className="size-4 accent-primary" {...registration} />
              <span className="font-mono">{battery.serial}</span>
              <span className="text-muted-foreground">{battery.cycles} cycles</span>
            </label>
          ))}
        </div>
      )}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
