import { useId } from "react";
import {
  FINDING_CLASS_LABELS,
  FINDING_SEVERITIES,
  FINDING_SEVERITY_LABELS,
  FINDING_STATUS_LABELS,
  type FindingClass,
  type FindingStatus,
} from "@common/findings";
import { Input, NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { FindingFilter } from "./finding-filters";

interface FilterBarProps {
  filter: FindingFilter;
  onChange: (filter: FindingFilter) => void;
  /** The classes the job's findings have: the class filter offers those. */
  classes: readonly FindingClass[];
  /** The states the viewer's findings may be in: the business's every decided one, the customer's those decision 0046 shows. */
  statuses: readonly FindingStatus[];
}

/** Narrows the findings by class, severity and state, and by words in them. */
export function FindingFilterBar({ filter, onChange, classes, statuses }: FilterBarProps) {
  const id = useId();
  return (
    <div role="search" aria-label="Filter the findings" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-search`}>Search</Label>
        <Input
          id={`${id}-search`}
          type="search"
          placeholder="Locator, note, number"
          value={filter.search}
          onChange={(event) => onChange({ ...filter, search: event.target.value })}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-class`}>Class</Label>
        <NativeSelect
          id={`${id}-class`}
          value={filter.class}
          onChange={(event) => onChange({ ...filter, class: event.target.value as FindingFilter["class"] })}
        >
          <option value="">All classes</option>
          {classes.map((value) => (
            <option key={value} value={value}>
              {FINDING_CLASS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-severity`}>Severity</Label>
        <NativeSelect
          id={`${id}-severity`}
          value={filter.severity}
          onChange={(event) => onChange({ ...filter, severity: event.target.value as FindingFilter["severity"] })}
        >
          <option value="">All severities</option>
          {FINDING_SEVERITIES.map((value) => (
            <option key={value} value={value}>
              {FINDING_SEVERITY_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-state`}>State</Label>
        <NativeSelect
          id={`${id}-state`}
          value={filter.status}
          onChange={(event) => onChange({ ...filter, status: event.target.value as FindingFilter["status"] })}
        >
          <option value="">All states</option>
          {statuses.map((value) => (
            <option key={value} value={value}>
              {FINDING_STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
