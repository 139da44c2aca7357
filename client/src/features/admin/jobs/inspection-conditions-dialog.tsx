import { type FormEvent, useState } from "react";
import type { InspectionConditions } from "@common/contract/inspection-report";
import type { ErrorResponse } from "@common/contract/wire";
import { CLOUD_UNITS, CONDITION_FIELDS, CONDITION_LABELS, CONDITION_RANGES, type CloudUnit, type ConditionField, OKTAS_MAX } from "@common/inspection-report";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { DialogForm, useFormDialog } from "@/components/ui/form-dialog";
import { Input, NativeSelect } from "@/components/ui/input";
import { toast } from "@/lib/use-toast";
import { useSaveInspectionConditions } from "./api/inspection-report";
import { InspectionConditionsTrigger } from "./inspection-conditions-trigger";

export interface InspectionConditionsDialogProps {
  jobId: number;
  /** What is recorded now; none before the first load. */
  conditions: InspectionConditions | undefined;
  /** The flight record's aircraft, offered while none is recorded here. */
  flightAircraft: string;
}

type Draft = Record<ConditionField | "aircraft" | "camera", string> & { cloudUnit: CloudUnit };

const draftOf = (conditions: InspectionConditions | undefined, flightAircraft: string): Draft => ({
  irradiance: conditions?.irradiance?.toString() ?? "",
  ambientTemp: conditions?.ambientTemp?.toString() ?? "",
  windSpeed: conditions?.windSpeed?.toString() ?? "",
  cloudCover: conditions?.cloudCover?.toString() ?? "",
  cloudUnit: conditions?.cloudUnit ?? "oktas",
  aircraft: conditions?.aircraft || flightAircraft,
  camera: conditions?.camera ?? "",
});

/** An empty box is "not recorded" (null); anything else goes as a number, for the server to check. */
const measured = (text: string): number | null => (text.trim() === "" ? null : Number(text.replace(",", ".")));

/**
 * The flight's inspection conditions (irradiance, ambient temperature, wind, cloud cover, aircraft,
 * camera), as an IEC TS 62446-3 report states them: PUT /api/admin/jobs/{id}/inspection-conditions.
 * A box left empty is not recorded, and the generated report warns about it.
 */
export function InspectionConditionsDialog({ jobId, conditions, flightAircraft, openAtOnce = false }: InspectionConditionsDialogProps & OpensAtOnce) {
  const [draft, setDraft] = useState(() => draftOf(conditions, flightAircraft));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => {
    setDraft(draftOf(conditions, flightAircraft));
    setErrors({});
  }, openAtOnce);
  const save = useSaveInspectionConditions(jobId);
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    const answer = await save.mutateAsync({
      irradiance: measured(draft.irradiance),
      ambientTemp: measured(draft.ambientTemp),
      windSpeed: measured(draft.windSpeed),
      cloudCover: measured(draft.cloudCover),
      cloudUnit: draft.cloudUnit,
      aircraft: draft.aircraft,
      camera: draft.camera,
    });
    if (!answer.ok) {
      const body = answer.body as ErrorResponse | undefined;
      setErrors(body?.errors ?? {});
      return setRefusal(body?.errors ? "Check the values marked below." : (answer.message ?? answer.generic));
    }
    const { missing } = answer.data.data;
    toast({
      title: "Inspection conditions saved",
      description: missing.length ? `Still missing: ${missing.map((field) => CONDITION_LABELS[field]).join(", ")}` : "Every condition is recorded.",
      variant: "success",
    });
    close();
  };

  const numberField = (field: ConditionField, hint: string) => {
    const id = `inspection-${field}`;
    return (
      <FormField
        key={field}
        id={id}
        label={
          field === "cloudCover"
            ? `${CONDITION_LABELS.cloudCover} (${draft.cloudUnit === "oktas" ? `0–${OKTAS_MAX} oktas` : "0–100 %"})`
            : CONDITION_LABELS[field]
        }
        error={errors[field]}
      >
        <Input id={id} inputMode="decimal" placeholder={hint} value={draft[field]} onChange={set(field)} {...fieldAria(id, errors[field])} />
      </FormField>
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <InspectionConditionsTrigger />
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          title="Inspection conditions"
          description="As measured at the flight. A thermographic report (IEC TS 62446-3) is not accepted without them; leave a box empty if it was not measured."
        />
        <DialogForm
          label="Inspection conditions"
          onSubmit={(event) => void onSubmit(event)}
          refusal={refusal}
          submit="Save conditions"
          submitting="Saving…"
          pending={save.isPending}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {CONDITION_FIELDS.map((field) => numberField(field, `${CONDITION_RANGES[field].min}–${CONDITION_RANGES[field].max}`))}
            <FormField id="inspection-cloudUnit" label="Cloud cover in" error={errors.cloudUnit}>
              <NativeSelect
                id="inspection-cloudUnit"
                value={draft.cloudUnit}
                onChange={set("cloudUnit")}
                {...fieldAria("inspection-cloudUnit", errors.cloudUnit)}
              >
                {CLOUD_UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {unit === "oktas" ? "Oktas (eighths of the sky)" : "Percent"}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            {(["aircraft", "camera"] as const).map((field) => (
              <FormField key={field} id={`inspection-${field}`} label={CONDITION_LABELS[field]} error={errors[field]}>
                <Input id={`inspection-${field}`} value={draft[field]} onChange={set(field)} {...fieldAria(`inspection-${field}`, errors[field])} />
              </FormField>
            ))}
          </div>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
