import { Download } from "lucide-react";
import { useId, useState } from "react";
import type { Aircraft } from "@common/contract/operator-records";
import { buttonVariants } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, NativeSelect } from "@/components/ui/input";
import { PanelHeader } from "@/components/ui/panel-states";
import { userLabel, useAdminUsers } from "../api/get-admin-users";

/**
 * The flight log's exports (docs/decisions/0072-flight-records.md): the days flown, a pilot and an
 * aircraft to narrow it, then CSV for a spreadsheet or PDF for an inspector. The server refuses a
 * range that ends before it starts, so the links are offered only for one that does not.
 */
export function FlightLogExport({ fleet }: { fleet: readonly Aircraft[] }) {
  const users = useAdminUsers();
  const staff = (users.data ?? []).filter((user) => user.role !== "customer");
  const [filter, setFilter] = useState({ from: "", to: "", pilotId: "", aircraftId: "" });
  const ids = { from: useId(), to: useId(), pilot: useId(), aircraft: useId() };
  const backwards = filter.from !== "" && filter.to !== "" && filter.to < filter.from;
  const query = new URLSearchParams(Object.entries(filter).filter(([, value]) => value !== "")).toString();
  const href = (extension: string) => `/api/admin/flights.${extension}${query ? `?${query}` : ""}`;
  const set = (field: keyof typeof filter) => (event: { target: { value: string } }) => setFilter({ ...filter, [field]: event.target.value });
  return (
    <section aria-labelledby="flight-log-heading" className="space-y-3">
      <PanelHeader id="flight-log-heading" title="Flight log" />
      <div className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <FormField id={ids.from} label="Flown from">
          <Input id={ids.from} type="date" value={filter.from} onChange={set("from")} />
        </FormField>
        <FormField id={ids.to} label="Flown to" error={backwards ? "The end comes on or after the start" : undefined}>
          <Input id={ids.to} type="date" value={filter.to} onChange={set("to")} aria-invalid={backwards} />
        </FormField>
        <FormField id={ids.pilot} label="Flown by">
          <NativeSelect id={ids.pilot} value={filter.pilotId} onChange={set("pilotId")}>
            <option value="">Every pilot</option>
            {staff.map((user) => (
              <option key={user.id} value={user.id}>
                {userLabel(user)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={ids.aircraft} label="Aircraft flown">
          <NativeSelect id={ids.aircraft} value={filter.aircraftId} onChange={set("aircraftId")}>
            <option value="">Every aircraft</option>
            {fleet.map((craft) => (
              <option key={craft.id} value={craft.id}>
                {`${craft.make} ${craft.model} (${craft.serial})`}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {backwards ? null : (
          <div className="flex gap-2">
            {(["csv", "pdf"] as const).map((extension) => (
              <a key={extension} href={href(extension)} download className={buttonVariants({ variant: "outline" })}>
                <Download aria-hidden />
                {extension.toUpperCase()}
                <span className="sr-only"> of the flight log</span>
              </a>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
