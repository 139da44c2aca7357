import type { ComponentProps } from "react";
import { AIRCRAFT_STATUS_LABELS } from "@common/operator-record-words";
import { NativeSelect } from "@/components/ui/input";
import { useAircraft } from "./api";

/**
 * A select of the fleet after its own options (`children`), for the schedule dialog: a grounded
 * aircraft is listed (marked), since the server's refusal says why it cannot fly and an admin may
 * override it with a reason.
 */
export function AircraftSelect({ children, ...props }: ComponentProps<typeof NativeSelect>) {
  const fleet = useAircraft();
  return (
    <NativeSelect {...props}>
      {children}
      {(fleet.data ?? []).map((craft) => (
        <option key={craft.id} value={craft.id}>
          {craft.make} {craft.model} ({craft.serial}){craft.status === "grounded" ? ` — ${AIRCRAFT_STATUS_LABELS.grounded}` : ""}
        </option>
      ))}
    </NativeSelect>
  );
}
