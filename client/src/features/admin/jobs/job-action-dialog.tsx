import { type ReactNode, useEffect, useState } from "react";
import { type Path, useForm } from "react-hook-form";
import type { Job } from "@common/contract/jobs";
import type { ErrorResponse } from "@common/contract/wire";
import { type UpdateJobInput, updateJobSchema } from "@common/jobs";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { fieldAria, FormField, InputField } from "@/components/ui/form-field";
import { NativeSelect, Textarea } from "@/components/ui/input";
import { FormRefusal } from "@/components/ui/panel-states";
import { toast } from "@/lib/use-toast";
import { type JobWriteAnswer, useUpdateJob } from "./api/write-job";
import { showRefusal } from "@/lib/show-refusal";
import { JobActionTrigger } from "./job-action-trigger";
import type { ActionPart, JobAction } from "./job-actions";
import { StaffSelect } from "./staff-options";
import { AircraftSelect, InServiceAircraftSelect } from "../fleet/aircraft-select";
import { BatteryPicker } from "../fleet/battery-picker";
import { usePreflightChecklist } from "./api/preflight";
import { FlightProposalPanel, type ProposedFlightView, zonedWithSeconds } from "./flight-proposal-panel";
import { calendarDateIn } from "@common/calendar-date";
import { getSiteConfig } from "@/lib/site-config";
import { TimeZonePicker } from "./time-zone-picker";
import { isoToZoned, zonedToIso } from "@common/wall-clock";

/** Every field an action can ask for, as typed (strings); toUpdate turns them into PATCH's body. */
interface ActionValues {
  note: string;
  reason: string;
  scheduledStart: string;
  scheduledEnd: string;
  timeZone: string;
  pilotId: string;
  flownOn: string;
  durationMinutes: string;
  flightPilotId: string;
  aircraft: string;
  wind: string;
  temperature: string;
  cloud: string;
  irradiance: string;
  /** The flight record's aircraft of the fleet, its take-off and landing (the site's wall clock), highest height and place. */
  flightAircraftId: string;
  /** The batteries flown, by id: an admin ticks them among the aircraft's. */
  batteryIds: string[];
  takeOffAt: string;
  landedAt: string;
  maxHeightMetres: string;
  latitude: string;
  longitude: string;
  /** The aircraft to fly, checked against its records; empty names none (a reschedule keeps the one named before). */
  aircraftId: string;
  /** Scheduling past the gate (estimate, deposit, the operator's records): why, kept in the job's history. */
  overrideReason: string;
}

const PART_FIELDS: Record<ActionPart, readonly (keyof ActionValues)[]> = {
  window: ["scheduledStart", "scheduledEnd", "timeZone", "pilotId", "aircraftId", "overrideReason"],
  reason: ["reason"],
  flight: [
    "flownOn",
    "durationMinutes",
    "flightPilotId",
    "flightAircraftId",
    "batteryIds",
    "takeOffAt",
    "landedAt",
    "maxHeightMetres",
    "latitude",
    "longitude",
    "aircraft",
    "wind",
    "temperature",
    "cloud",
    "irradiance",
  ],
};

const FLIGHT_TEXT = ["aircraft", "wind", "temperature", "cloud", "irradiance"] as const;

const numberOrNull = (text: string): number | null => (text.trim() === "" ? null : Number(text));

function toUpdate(job: Job, action: JobAction, values: ActionValues): UpdateJobInput {
  const body: UpdateJobInput = { status: action.to, note: values.note };
  if (action.parts.includes("reason")) body.reason = values.reason;
  if (action.parts.includes("window")) {
    if (values.scheduledStart) body.scheduledStart = zonedToIso(values.scheduledStart, values.timeZone);
    if (values.scheduledEnd) body.scheduledEnd = zonedToIso(values.scheduledEnd, values.timeZone);
    body.timeZone = values.timeZone;
    if (values.pilotId) body.pilotId = Number(values.pilotId);
    if (values.aircraftId) body.aircraftId = Number(values.aircraftId);
    if (values.overrideReason.trim()) body.overrideReason = values.overrideReason;
  }
  if (action.parts.includes("flight")) {
    if (values.overrideReason.trim()) body.overrideReason = values.overrideReason;
    body.flight = {
      flownOn: values.flownOn,
      durationMinutes: numberOrNull(values.durationMinutes),
      pilotId: numberOrNull(values.flightPilotId),
      aircraftId: numberOrNull(values.flightAircraftId),
      batteryIds: values.batteryIds.map(Number),
      takeOffAt: values.takeOffAt ? zonedToIso(values.takeOffAt, job.timeZone) : null,
      landedAt: values.landedAt ? zonedToIso(values.landedAt, job.timeZone) : null,
      maxHeightMetres: numberOrNull(values.maxHeightMetres),
      latitude: numberOrNull(values.latitude),
      longitude: numberOrNull(values.longitude),
      ...Object.fromEntries(FLIGHT_TEXT.map((field) => [field, values[field]])),
    };
  }
  return body;
}

/** The flight record's fields whose form names differ from the body's. */
const FLIGHT_PATHS: Record<string, keyof ActionValues> = { "flight.pilotId": "flightPilotId", "flight.aircraftId": "flightAircraftId" };

/** The form field that shows an error at this path of the body: the flight record's fields are flat in the form. */
function fieldOfPath(action: JobAction, path: string): Path<ActionValues> | undefined {
  const field = path === "flight" ? "flownOn" : (FLIGHT_PATHS[path] ?? path.replace(/^flight\./, ""));
  const shown = ["note", ...action.parts.flatMap((part) => PART_FIELDS[part])];
  return shown.includes(field) ? (field as keyof ActionValues) : undefined;
}

function initialValues(job: Job): ActionValues {
  // A window not yet set starts in the business's zone (docs/operations.md, BUSINESS_TIME_ZONE), not this browser's.
  const timeZone = job.scheduledStart ? job.timeZone : getSiteConfig().businessTimeZone;
  const pilot = job.pilotId === null ? "" : String(job.pilotId);
  const scheduledDay = job.scheduledStart ? isoToZoned(job.scheduledStart, timeZone).slice(0, 10) : "";
  const today = calendarDateIn(timeZone);
  return {
    note: "",
    reason: "",
    scheduledStart: job.scheduledStart ? isoToZoned(job.scheduledStart, timeZone) : "",
    scheduledEnd: job.scheduledEnd ? isoToZoned(job.scheduledEnd, timeZone) : "",
    timeZone,
    pilotId: pilot,
    // The window's day, unless it is still ahead: a flight is never recorded in the future.
    flownOn: scheduledDay && scheduledDay > today ? today : scheduledDay,
    durationMinutes: "",
    flightPilotId: pilot,
    aircraft: "",
    wind: "",
    temperature: "",
    cloud: "",
    irradiance: "",
    flightAircraftId: "",
    batteryIds: [],
    takeOffAt: "",
    landedAt: "",
    maxHeightMetres: "",
    latitude: "",
    longitude: "",
    aircraftId: "",
    overrideReason: "",
  };
}

const FLIGHT_LABELS: Record<(typeof FLIGHT_TEXT)[number], string> = {
  aircraft: "Aircraft",
  wind: "Wind",
  temperature: "Temperature",
  cloud: "Cloud",
  irradiance: "Irradiance",
};

/**
 * The field errors of scheduling's gate (a 409): the estimate's acceptance, its deposit, and the
 * operator's records (docs/decisions/0068-operator-records.md): the pilot's certificate, the aircraft, the insurance;
 * and Mark flown's: the pre-flight checklist's blockers not ticked (docs/decisions/0074-preflight-checklist.md).
 */
const GATE_FIELDS = ["estimate", "deposit", "certificate", "aircraft", "insurance", "checklist"] as const;

/** Every reason the gate gave when scheduling was refused; none for any other refusal. */
function gateOf(answer: Extract<JobWriteAnswer, { ok: false }>): string[] {
  if (answer.status !== 409) return [];
  const errors = (answer.body as ErrorResponse | undefined)?.errors ?? {};
  return GATE_FIELDS.flatMap((field) => (errors[field] ? [errors[field]] : []));
}

/** The gate's reasons, one a line, in the refusal above the form. */
const GateReasons = ({ reasons, flight, admin }: { reasons: readonly string[]; flight: boolean; admin: boolean }) => (
  <>
    <span className="block font-semibold">{flight ? "Recording the flight is refused:" : "Scheduling is refused:"}</span>
    {reasons.map((reason) => (
      <span key={reason} className="block">
        {reason}
      </span>
    ))}
    {admin ? (
      <span className="block">Give an override reason to {flight ? "record it" : "schedule"} anyway; it is kept in the job's history.</span>
    ) : (
      <span className="block">Tick them in the pre-flight checklist on the job's page, or ask an admin.</span>
    )}
  </>
);

/** Mark flown names the checklist's blockers not ticked before it is sent (docs/decisions/0074-preflight-checklist.md). */
function UntickedBlockers({ jobId }: { jobId: number }) {
  const checklist = usePreflightChecklist(jobId);
  const unticked = checklist.data?.unticked ?? [];
  if (unticked.length === 0) return null;
  return (
    <div role="status" className="rounded border border-destructive/60 p-3 text-sm">
      <p className="font-semibold text-destructive">Pre-flight checklist: blockers not ticked</p>
      <ul className="list-disc pl-5">
        {unticked.map((label) => (
          <li key={label}>{label}</li>
        ))}
      </ul>
    </div>
  );
}

export interface JobActionDialogProps {
  job: Job;
  action: JobAction;
  /** An admin picks the pilot among the staff; the job's pilot has only themselves. */
  admin: boolean;
}

export const OVERRIDE_REASON_NEEDED = "Give the reason to schedule anyway";

/**
 * One action on a job in a dialog: the fields it needs, checked by the same schema as the server's
 * (common/jobs.ts), then PATCH /api/admin/jobs/{id}. A refusal shows under its field, or above the
 * form when it names no field (409: the job moved meanwhile); nothing typed is lost. Scheduling a job
 * whose estimate is not accepted or whose deposit is unpaid is refused with what is missing; the
 * dialog then asks for an Override reason, and sending again schedules it anyway
 * (docs/decisions/0026-quote-to-cash.md: the deposit gates scheduling). An admin picks pilots among
 * the staff; a pilot, who may not list accounts, records the flight as the job's pilot.
 * job-action-button.tsx loads it when the action's button is first pressed.
 */
export function JobActionDialog({ job, action, admin, openAtOnce = false }: JobActionDialogProps & OpensAtOnce) {
  const [open, setOpen] = useState(openAtOnce);
  const [refusal, setRefusal] = useState<ReactNode>();
  // The gate's reasons: from then on the dialog asks for the reason to override them.
  const [gate, setGate] = useState<string[]>([]);
  // The aircraft the photos matched: a pilot, who may not list the fleet, picks among these.
  const [proposed, setProposed] = useState<{ id: number; name: string }[]>([]);
  const update = useUpdateJob(job.id);
  const form = useForm<ActionValues>({ defaultValues: initialValues(job) });
  const { register, setError, formState } = form;
  const { errors } = formState;
  const id = (field: keyof ActionValues) => `job-${job.id}-${action.to}-${field}`;
  const text = (field: keyof ActionValues, label: string, type = "text") => (
    <InputField id={id(field)} label={label} type={type} error={errors[field]?.message} registration={register(field)} />
  );
  // Controlled by the form's value, so what shows is what will be sent.
  const control = (field: Exclude<keyof ActionValues, "batteryIds">) => ({
    id: id(field),
    ...fieldAria(id(field), errors[field]?.message),
    ...register(field),
    value: form.watch(field),
  });
  // The batteries ticked are the aircraft's: another aircraft starts the choice afresh.
  const flightAircraftId = form.watch("flightAircraftId");
  useEffect(() => form.setValue("batteryIds", []), [form, flightAircraftId]);
  // An admin picks among the staff, listed once the dialog opens; a pilot, who may not list accounts, has the job's pilot.
  const pilotSelect = (field: "pilotId" | "flightPilotId", none: string) => (
    <FormField id={id(field)} label="Pilot" error={errors[field]?.message}>
      {admin ? (
        <StaffSelect {...control(field)}>
          <option value="">{none}</option>
        </StaffSelect>
      ) : (
        <NativeSelect {...control(field)}>
          <option value="">{none}</option>
          {job.pilotId === null ? null : <option value={job.pilotId}>{job.pilotName ?? `Pilot #${job.pilotId}`}</option>}
        </NativeSelect>
      )}
    </FormField>
  );

  // A proposed flight fills the record; the pilot confirms or corrects it before saving.
  const applyProposal = (flight: ProposedFlightView) => {
    const set = (field: keyof ActionValues, value: string) => form.setValue(field, value, { shouldDirty: true });
    set("flownOn", isoToZoned(flight.start, job.timeZone).slice(0, 10));
    set("durationMinutes", String(flight.durationMinutes));
    set("takeOffAt", zonedWithSeconds(flight.start, job.timeZone));
    set("landedAt", zonedWithSeconds(flight.end, job.timeZone));
    set("maxHeightMetres", flight.maxHeightMetres === null ? "" : String(flight.maxHeightMetres));
    set("latitude", String(flight.lat));
    set("longitude", String(flight.lon));
    if (flight.aircraftId !== null) set("flightAircraftId", String(flight.aircraftId));
    setProposed((known) =>
      flight.aircraftId === null || known.some((craft) => craft.id === flight.aircraftId)
        ? known
        : [...known, { id: flight.aircraftId!, name: flight.aircraftName ?? `Aircraft #${flight.aircraftId}` }],
    );
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    const flight = action.parts.includes("flight");
    if (gate.length && admin && !values.overrideReason.trim()) {
      setRefusal(<GateReasons reasons={gate} flight={flight} admin={admin} />);
      setError("overrideReason", { message: flight ? "Give the reason to record the flight anyway" : OVERRIDE_REASON_NEEDED }, { shouldFocus: true });
      return;
    }
    const body = toUpdate(job, action, values);
    const checked = updateJobSchema.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = fieldOfPath(action, issue.path.join("."));
        if (field) setError(field, { message: issue.message }, { shouldFocus: true });
        else setRefusal(issue.message);
      }
      return;
    }
    const answer = await update.mutateAsync(body);
    if (!answer.ok) {
      const gated = gateOf(answer);
      if (gated.length) {
        setGate(gated);
        setRefusal(<GateReasons reasons={gated} flight={flight} admin={admin} />);
        return;
      }
      setRefusal(showRefusal(answer, setError, (path) => fieldOfPath(action, path)));
      return;
    }
    toast({ title: answer.data.message, variant: "success" });
    setOpen(false);
  });

  const onOpenChange = (next: boolean) => {
    if (next) {
      form.reset(initialValues(job));
      setRefusal(undefined);
      setGate([]);
      setProposed([]);
    }
    setOpen(next);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <JobActionTrigger action={action} />
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeading eyebrow={`// ${job.title}`} title={action.title} description={`${job.customerName} · ${job.serviceName} · ${job.site.name}`} />
        <form onSubmit={onSubmit} noValidate aria-label={action.title} className="space-y-4">
          <FormRefusal>{refusal}</FormRefusal>
          {action.parts.includes("window") ? (
            <div className="grid gap-4 sm:grid-cols-2">
              {text("scheduledStart", "Window start", "datetime-local")}
              {text("scheduledEnd", "Window end", "datetime-local")}
              <TimeZonePicker id={id("timeZone")} error={errors.timeZone?.message} business={getSiteConfig().businessTimeZone} select={control("timeZone")} />
              {pilotSelect("pilotId", "Select a pilot")}
              {admin ? (
                <FormField id={id("aircraftId")} label="Aircraft" error={errors.aircraftId?.message}>
                  <AircraftSelect {...control("aircraftId")}>
                    <option value="">{job.status === "scheduled" ? "As before" : "Not named"}</option>
                  </AircraftSelect>
                </FormField>
              ) : null}
            </div>
          ) : null}
          {gate.length && admin ? text("overrideReason", "Override reason") : null}
          {action.parts.includes("flight") && open ? <UntickedBlockers jobId={job.id} /> : null}
          {action.parts.includes("flight") && open ? <FlightProposalPanel jobId={job.id} timeZone={job.timeZone} onUse={applyProposal} /> : null}
          {action.parts.includes("flight") ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <InputField
                id={id("flownOn")}
                label="Flown on"
                type="date"
                max={calendarDateIn(job.timeZone)}
                error={errors.flownOn?.message}
                registration={register("flownOn")}
              />
              <InputField
                id={id("durationMinutes")}
                label="Duration (minutes)"
                type="number"
                step="0.1"
                error={errors.durationMinutes?.message}
                registration={register("durationMinutes")}
              />
              {pilotSelect("flightPilotId", "Not recorded")}
              <FormField id={id("flightAircraftId")} label="Drone flown" error={errors.flightAircraftId?.message}>
                {admin ? (
                  <InServiceAircraftSelect {...control("flightAircraftId")} extra={proposed}>
                    <option value="">Not in the fleet</option>
                  </InServiceAircraftSelect>
                ) : (
                  <NativeSelect {...control("flightAircraftId")}>
                    <option value="">Not in the fleet</option>
                    {proposed.map((craft) => (
                      <option key={craft.id} value={craft.id}>
                        {craft.name}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              {admin ? (
                <BatteryPicker
                  aircraftId={flightAircraftId ? Number(flightAircraftId) : null}
                  registration={register("batteryIds")}
                  error={errors.batteryIds?.message}
                />
              ) : null}
              {text("takeOffAt", "Take-off", "datetime-local")}
              {text("landedAt", "Landing", "datetime-local")}
              {text("maxHeightMetres", "Maximum height (m)", "number")}
              <div className="grid grid-cols-2 gap-2">
                {text("latitude", "Latitude", "number")}
                {text("longitude", "Longitude", "number")}
              </div>
              {FLIGHT_TEXT.map((field) => (
                <div key={field}>{text(field, FLIGHT_LABELS[field])}</div>
              ))}
            </div>
          ) : null}
          {action.parts.includes("reason") ? text("reason", "Reason") : null}
          <FormField id={id("note")} label="Note (optional)" error={errors.note?.message}>
            <Textarea id={id("note")} rows={2} {...fieldAria(id("note"), errors.note?.message)} {...register("note")} />
          </FormField>
          <DialogActions closeLabel="Back">
            <Button type="submit" variant={action.destructive ? "destructive" : "default"} disabled={update.isPending}>
              {update.isPending ? "Saving…" : action.label}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
