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

/**
 * The fleet's aircraft in service, for a flight record, after its own options (`children`); `extra`
 * keeps one the photos matched though it was grounded since.
 */
export function InServiceAircraftSelect({
  children,
  extra = [],
  ...props
}: ComponentProps<typeof NativeSelect> & { extra?: readonly { id: number; name: string }[] }) {
  const fleet = useAircraft();
  const inService = (fleet.data ?? []).filter((craft) => craft.status === "in-service");
  const more = extra.filter((craft) => !inService.some((listed) => listed.id === craft.id));
  return (
    <NativeSelect {...props}>
      {children}
      {inService.map((craft) => (
        <option key={craft.id} value={craft.id}>
          {craft.make} {craft.model} ({craft.serial})
        </option>
      ))}
      {more.map((craft) => (
        <option key={craft.id} value={craft.id}>
          {craft.name}
        </option>
      ))}
    </NativeSelect>
  );
}
