import { Pencil, Plus } from "lucide-react";
import { useId } from "react";
import { type Path, useForm } from "react-hook-form";
import type { Aircraft } from "@common/contract/operator-records";
import { AIRCRAFT_STATUS_LABELS, AIRCRAFT_STATUSES, type AircraftStatus, newAircraftSchema } from "@common/operator-records";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { DialogForm, issuesOf, refuseIssues, useFormDialog } from "@/components/ui/form-dialog";
import { fieldAria, FormField, InputField } from "@/components/ui/form-field";
import { NativeSelect, Textarea } from "@/components/ui/input";
import { showRefusal } from "@/lib/show-refusal";
import { toast } from "@/lib/use-toast";
import { useSaveAircraft } from "./api";

interface AircraftValues {
  make: string;
  model: string;
  serial: string;
  registration: string;
  registrationExpiresOn: string;
  remoteIdSerial: string;
  firmware: string;
  /** One payload a line: "Zenmuse H20T, 1ZN…" (name, then its serial after a comma). */
  payloads: string;
  status: AircraftStatus;
  /** Hours as typed ("12.5"), sent in tenths. */
  flightHours: string;
}

const FIELDS = ["make", "model", "serial", "registration", "registrationExpiresOn", "remoteIdSerial", "firmware", "payloads", "status"] as const;
const fieldOf = (path: string): Path<AircraftValues> | undefined => {
  if (path === "flightHoursTenths") return "flightHours";
  if (path.startsWith("payloads")) return "payloads";
  return (FIELDS as readonly string[]).includes(path) ? (path as Path<AircraftValues>) : undefined;
};

const valuesOf = (craft: Aircraft | undefined): AircraftValues => ({
  make: craft?.make ?? "",
  model: craft?.model ?? "",
  serial: craft?.serial ?? "",
  registration: craft?.registration ?? "",
  registrationExpiresOn: craft?.registrationExpiresOn ?? "",
  remoteIdSerial: craft?.remoteIdSerial ?? "",
  firmware: craft?.firmware ?? "",
  payloads: (craft?.payloads ?? []).map((payload) => [payload.name, payload.serial].filter(Boolean).join(", ")).join("\n"),
  status: craft?.status ?? "in-service",
  flightHours: craft ? String(craft.flightHoursTenths / 10) : "0",
});

function bodyOf(values: AircraftValues) {
  const hours = values.flightHours.trim() === "" ? 0 : Number(values.flightHours);
  return {
    make: values.make,
    model: values.model,
    serial: values.serial,
    registration: values.registration,
    registrationExpiresOn: values.registrationExpiresOn || null,
    remoteIdSerial: values.remoteIdSerial,
    firmware: values.firmware,
    payloads: values.payloads
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const [name = "", ...serial] = line.split(",");
        return { name: name.trim(), serial: serial.join(",").trim() };
      }),
    status: values.status,
    // NaN stays NaN, which the schema refuses under flightHoursTenths.
    flightHoursTenths: Math.round(hours * 10),
  };
}

/** Add aircraft, or Edit on one: its identity, registration and its expiry, Remote ID, firmware, payloads, hours and whether it is in service. */
export function AircraftDialog({ craft }: { craft?: Aircraft }) {
  const save = useSaveAircraft();
  const form = useForm<AircraftValues>({ defaultValues: valuesOf(craft) });
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => form.reset(valuesOf(craft)));
  const { errors } = form.formState;
  const prefix = useId();
  const id = (field: keyof AircraftValues) => `${prefix}-${field}`;
  const title = craft ? "Edit aircraft" : "Add aircraft";
  const text = (field: keyof AircraftValues, label: string, type = "text") => (
    <InputField id={id(field)} label={label} type={type} autoComplete="off" error={errors[field]?.message} registration={form.register(field)} />
  );

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    const body = bodyOf(values);
    if (refuseIssues(issuesOf(newAircraftSchema.safeParse(body)), form.setError, fieldOf)) return;
    const answer = await save.mutateAsync({ ...(craft ? { id: craft.id } : {}), body });
    if (!answer.ok) {
      setRefusal(showRefusal(answer, form.setError, fieldOf));
      return;
    }
    toast({ title: answer.data.message, description: `${body.make} ${body.model}`, variant: "success" });
    close();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        {craft ? (
          <Button type="button" size="sm" variant="ghost">
            <Pencil aria-hidden />
            Edit<span className="sr-only"> aircraft {craft.serial}</span>
          </Button>
        ) : (
          <Button type="button">
            <Plus aria-hidden />
            Add aircraft
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeading
          eyebrow="// Fleet & compliance"
          title={title}
          description="A grounded or unregistered aircraft, or one whose registration has expired by the flight's day, cannot be scheduled."
        />
        <DialogForm label={title} onSubmit={onSubmit} refusal={refusal} submit="Save aircraft" submitting="Saving…" pending={save.isPending}>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("make", "Make")}
            {text("model", "Model")}
            {text("serial", "Serial")}
            {text("registration", "Registration")}
            {text("registrationExpiresOn", "Registration expires on", "date")}
            {text("remoteIdSerial", "Remote ID serial")}
            {text("firmware", "Firmware")}
            {text("flightHours", "Hours before recorded flights")}
            <FormField id={id("status")} label="Status" error={errors.status?.message}>
              <NativeSelect id={id("status")} {...fieldAria(id("status"), errors.status?.message)} {...form.register("status")}>
                {AIRCRAFT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {AIRCRAFT_STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <FormField id={id("payloads")} label="Payloads (one a line: name, serial)" error={errors.payloads?.message}>
            <Textarea id={id("payloads")} rows={3} {...fieldAria(id("payloads"), errors.payloads?.message)} {...form.register("payloads")} />
          </FormField>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
