import { type ComponentProps, useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input, NativeSelect } from "@/components/ui/input";
import { zoneGroups, zoneLabel } from "./zoned-time";

interface TimeZonePickerProps {
  id: string;
  error: string | undefined;
  /** The business's zone (BUSINESS_TIME_ZONE), offered first. */
  business: string;
  /** The select's own props (react-hook-form's registration, its value and aria). */
  select: ComponentProps<"select"> & { value: string };
}

/**
 * A flight window's time zone: the business's first, then every current IANA name grouped by region,
 * with a search box that narrows the list (the chosen zone stays, so nothing changes while typing).
 */
export function TimeZonePicker({ id, error, business, select }: TimeZonePickerProps) {
  const [query, setQuery] = useState("");
  return (
    <FormField id={id} label="Time zone" error={error}>
      <Input
        type="search"
        aria-label="Find a zone"
        placeholder="Find a zone (Recife, Paris…)"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <NativeSelect {...select}>
        {zoneGroups(business, select.value, query).map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.zones.map((zone) => (
              <option key={zone} value={zone}>
                {zoneLabel(zone)}
              </option>
            ))}
          </optgroup>
        ))}
      </NativeSelect>
    </FormField>
  );
}
