import { type FormEvent, useId, useState } from "react";
import type { Finding } from "@common/contract/findings";
import type { MediaItem } from "@common/contract/media";
import { FINDING_CLASSES, FINDING_CLASS_LABELS, FINDING_SEVERITIES, FINDING_SEVERITY_LABELS, type FindingClass } from "@common/findings";
import { Button } from "@/components/ui/button";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { FormRefusal } from "@/components/ui/panel-states";
import { useAddFinding, useEditFinding } from "./api/write-findings";
import { deltaTOf, fieldsToSend, findingState, type FindingFormState, newFindingState, type PlacedPoint } from "./finding-form-state";

type Errors = Partial<Record<keyof FindingFormState | "body", string>>;

interface FindingFormProps {
  jobId: number;
  /** The job's media: a finding's images are chosen from them. */
  media: readonly Pick<MediaItem, "id" | "title">[];
  /** Editing this finding; else a new one, at `point` when placed on the map. */
  finding?: Finding;
  point?: PlacedPoint | null;
  onDone: (finding: Finding | null) => void;
}

/** ΔT as the two temperatures give it, as text; "" unless both are numbers. */
function autoDeltaT({ maxTemp, refTemp }: FindingFormState): string {
  const [hot, reference] = [maxTemp, refTemp].map((typed) => (typed.trim() === "" ? Number.NaN : Number(typed)));
  return Number.isFinite(hot) && Number.isFinite(reference) ? String(deltaTOf(hot!, reference!)) : "";
}

/** The server's field errors of a refusal, if it named any. */
function fieldErrors(body: unknown): Errors {
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  return errors && typeof errors === "object" && !Array.isArray(errors) ? (errors as Errors) : {};
}

/**
 * Adds a finding by hand or at a point placed on the map (the thermal layer's temperatures filled
 * in, ΔT from them), or edits one. The severity follows ΔT unless chosen, and then needs a reason.
 */
export function FindingForm({ jobId, media, finding, point = null, onDone }: FindingFormProps) {
  const id = useId();
  const [original] = useState(() => (finding ? findingState(finding) : undefined));
  const [state, setState] = useState<FindingFormState>(() => original ?? newFindingState(point));
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState("");
  const add = useAddFinding(jobId);
  const edit = useEditFinding();
  const pending = add.isPending || edit.isPending;

  const set = <K extends keyof FindingFormState>(field: K, value: FindingFormState[K]) =>
    setState((current) => {
      const next = { ...current, [field]: value };
      // ΔT follows the two temperatures while it is theirs (or empty); typed by hand, it stays.
      if (field !== "deltaT" && current.deltaT === autoDeltaT(current)) next.deltaT = autoDeltaT(next);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal("");
    const checked = fieldsToSend(state, original);
    if ("errors" in checked) return setErrors(checked.errors);
    setErrors({});
    if (finding && Object.keys(checked.fields).length === 0) return onDone(null);
    const answer = finding ? await edit.mutateAsync({ id: finding.id, ...checked.fields }) : await add.mutateAsync(checked.fields);
    if (answer.ok) return onDone(answer.data.data);
    const named = fieldErrors(answer.body);
    setErrors(named);
    if (Object.keys(named).length === 0 || named.body) setRefusal(named.body ?? answer.message ?? "The finding could not be saved; please try again.");
  };

  const text = (field: keyof FindingFormState, label: string, props: { inputMode?: "decimal"; placeholder?: string } = {}) => (
    <FormField id={`${id}-${field}`} label={label} error={errors[field]}>
      <Input
        id={`${id}-${field}`}
        value={state[field] as string}
        onChange={(event) => set(field, event.target.value)}
        {...props}
        {...fieldAria(`${id}-${field}`, errors[field])}
      />
    </FormField>
  );
  const decimal = { inputMode: "decimal" as const };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={finding ? `Edit finding #${finding.id}` : "New finding"}
      className="space-y-4 rounded-lg border bg-card p-4"
    >
      <h3 className="text-xl font-bold">{finding ? `Edit finding #${finding.id}` : "New finding"}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-class`} label="Class" error={errors.class}>
          <NativeSelect
            id={`${id}-class`}
            value={state.class}
            onChange={(event) => set("class", event.target.value as FindingClass)}
            {...fieldAria(`${id}-class`, errors.class)}
          >
            {FINDING_CLASSES.map((value) => (
              <option key={value} value={value}>
                {FINDING_CLASS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={`${id}-severity`} label="Severity" error={errors.severity}>
          <NativeSelect
            id={`${id}-severity`}
            value={state.severity}
            onChange={(event) => set("severity", event.target.value as FindingFormState["severity"])}
            {...fieldAria(`${id}-severity`, errors.severity)}
          >
            <option value="">From ΔT</option>
            {FINDING_SEVERITIES.map((value) => (
              <option key={value} value={value}>
                {FINDING_SEVERITY_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {text("severityReason", "Why this severity (when not ΔT's)")}
        {text("locator", "Locator", { placeholder: "Block / row / string / module" })}
        {text("lat", "Latitude", decimal)}
        {text("lon", "Longitude", decimal)}
        {text("maxTemp", "Max temperature (°C)", decimal)}
        {text("refTemp", "Reference temperature (°C)", decimal)}
        {text("deltaT", "ΔT (°C)", decimal)}
        {text("powerLoss", "Estimated power loss (kW)", decimal)}
        {text("indexValue", "Index value (agriculture)", decimal)}
      </div>
      {media.length ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Images from the job&apos;s media</legend>
          <ul className="grid gap-1 sm:grid-cols-2">
            {media.map((item) => (
              <li key={item.id} className="flex items-start gap-2 text-sm">
                <input
                  id={`${id}-media-${item.id}`}
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  checked={state.mediaIds.includes(item.id)}
                  onChange={(event) =>
                    set("mediaIds", event.target.checked ? [...state.mediaIds, item.id] : state.mediaIds.filter((other) => other !== item.id))
                  }
                />
                <label htmlFor={`${id}-media-${item.id}`} className="min-w-0 break-words">
                  {item.title}
                </label>
              </li>
            ))}
          </ul>
          {errors.mediaIds ? (
            <p className="text-sm text-destructive" role="alert">
              {errors.mediaIds}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <FormField id={`${id}-note`} label="Note" error={errors.note}>
        <Textarea
          id={`${id}-note`}
          rows={3}
          maxLength={2000}
          value={state.note}
          onChange={(event) => set("note", event.target.value)}
          {...fieldAria(`${id}-note`, errors.note)}
        />
      </FormField>
      <FormRefusal>{refusal}</FormRefusal>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {finding ? "Save finding" : "Add finding"}
        </Button>
        <Button type="button" variant="outline" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
