import { Plane, ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import type { Aircraft, Policy } from "@common/contract/operator-records";
import { AIRCRAFT_STATUS_LABELS } from "@common/operator-record-words";
import { Badge } from "@/components/ui/card";
import { DataTable, type TableColumn } from "@/components/ui/data-table";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import { EmptyState, ErrorState, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { formatBusinessMoney, formatDay } from "@/lib/format";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { useAdminUsers, userLabel } from "../api/get-admin-users";
import { AircraftDialog } from "./aircraft-dialog";
import { useAircraft, usePolicies } from "./api";
import { CertificatesPanel } from "./certificates-panel";
import { ChecklistItems } from "./checklist-items";
import { ComplianceWarnings } from "./compliance-warnings";
import { FlightLogExport } from "./flight-log-export";
import { PolicyDialog } from "./policy-dialog";
import { RecordHistory } from "./record-history";
import { policyCopyUrl, ScannedCopy } from "./scanned-copy";
import { UpkeepDialog } from "./upkeep-dialog";

const TABLE = {
  className: "w-full min-w-[44rem] border-collapse text-sm",
  headClassName: "hud-label px-3 py-2 text-left font-semibold text-muted-foreground",
  cellClassName: "px-3 py-1.5 align-top",
};

const aircraftColumns: readonly TableColumn<Aircraft>[] = [
  {
    header: "Aircraft",
    rowHeader: true,
    cell: (craft) => (
      <>
        {craft.make} {craft.model}
        {craft.status === "grounded" ? <Badge className="ml-2">{AIRCRAFT_STATUS_LABELS.grounded}</Badge> : null}
        <p className="font-mono text-xs text-muted-foreground">{craft.serial}</p>
        <RecordHistory history={craft.history} name={`aircraft ${craft.serial}`} />
      </>
    ),
  },
  {
    header: "Registration",
    cell: (craft) =>
      craft.registration ? (
        <>
          <span className="font-mono">{craft.registration}</span>
          {craft.registrationExpiresOn ? <p className="text-xs text-muted-foreground">until {formatDay(craft.registrationExpiresOn)}</p> : null}
        </>
      ) : (
        "Not registered"
      ),
  },
  { header: "Remote ID", cellClassName: "font-mono", cell: (craft) => craft.remoteIdSerial || "—" },
  { header: "Firmware", cell: (craft) => craft.firmware || "—" },
  { header: "Payloads", cell: (craft) => craft.payloads.map((payload) => [payload.name, payload.serial].filter(Boolean).join(" · ")).join(", ") || "—" },
  // Its hours when recorded plus its recorded flights' (docs/decisions/0072-flight-records.md).
  { header: "Hours", className: "text-right", cellClassName: "tabular-nums", cell: (craft) => (craft.totalHoursTenths / 10).toFixed(1) },
  { header: "Flights", className: "text-right", cellClassName: "tabular-nums", cell: (craft) => craft.flightCount },
  {
    header: "Actions",
    className: "text-right",
    cell: (craft) => (
      <>
        <AircraftDialog craft={craft} />
        <UpkeepDialog craft={craft} />
      </>
    ),
  },
];

const policyColumns: readonly TableColumn<Policy>[] = [
  {
    header: "Policy",
    rowHeader: true,
    cell: (policy) => (
      <>
        {policy.insurer} <span className="font-mono">{policy.policyNumber}</span>
        <ScannedCopy url={policyCopyUrl(policy.id)} copy={policy.scannedCopy} name={`policy ${policy.policyNumber}`} />
        <RecordHistory history={policy.history} name={`policy ${policy.policyNumber}`} copyUrl={policyCopyUrl(policy.id)} />
      </>
    ),
  },
  { header: "Period", cellClassName: "whitespace-nowrap", cell: (policy) => `${formatDay(policy.startsOn)} – ${formatDay(policy.expiresOn)}` },
  {
    header: "Per occurrence",
    className: "text-right",
    cellClassName: "font-mono tabular-nums",
    cell: (policy) => formatBusinessMoney(policy.perOccurrenceLimit),
  },
  { header: "Aggregate", className: "text-right", cellClassName: "font-mono tabular-nums", cell: (policy) => formatBusinessMoney(policy.aggregateLimit) },
  { header: "Additional insured", cell: (policy) => policy.additionalInsured.map((customer) => customer.name).join(", ") || "—" },
  { header: "Actions", className: "text-right", cell: (policy) => <PolicyDialog policy={policy} /> },
];

/**
 * A table that scrolls sideways on a narrow screen, focusable so a keyboard can scroll it too;
 * positioned, so the rows' screen-reader-only words (absolutely placed) scroll inside it rather than widening the page.
 */
function Scrolling({ labelledBy, children }: { labelledBy: string; children: React.ReactNode }) {
  return (
    <div
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border bg-card/80 focus-visible:outline-2 focus-visible:outline-ring"
    >
      {children}
    </div>
  );
}

function PilotCertificates() {
  const users = useAdminUsers();
  const staff = (users.data ?? []).filter((user) => user.role !== "customer");
  const [chosen, setChosen] = useState("");
  const pilotId = chosen ? Number(chosen) : (staff.find((user) => user.role === "pilot") ?? staff[0])?.id;
  const selectId = useId();
  return (
    <section aria-labelledby="certificates-heading" className="space-y-3">
      <PanelHeader id="certificates-heading" title="Pilots' certificates" />
      <div className="max-w-sm">
        <FormField id={selectId} label="Pilot">
          <NativeSelect id={selectId} value={pilotId === undefined ? "" : String(pilotId)} onChange={(event) => setChosen(event.target.value)}>
            {staff.map((user) => (
              <option key={user.id} value={user.id}>
                {userLabel(user)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {pilotId === undefined ? null : <CertificatesPanel key={pilotId} pilotId={pilotId} headingId="certificates-heading" />}
    </section>
  );
}

/**
 * The back office's Fleet & compliance tab (docs/decisions/0068-operator-records.md): what lapses
 * soon, the pilots' certificates, the aircraft and the insurance policies, each with its history, and
 * the pre-flight checklist's items (docs/decisions/0074-preflight-checklist.md).
 * Nothing is deleted here: a record a flight was checked against stays.
 */
export function FleetTab() {
  const fleet = useAircraft();
  const policies = usePolicies();
  useLoadErrorToast(fleet, "Failed to load the aircraft");
  useLoadErrorToast(policies, "Failed to load the insurance policies");
  return (
    <div className="space-y-8">
      <ComplianceWarnings />
      <PilotCertificates />
      <section aria-labelledby="aircraft-heading" className="space-y-3">
        <PanelHeader id="aircraft-heading" title="Aircraft">
          <AircraftDialog />
        </PanelHeader>
        {fleet.isPending ? (
          <LoadingState label="Loading the aircraft…" />
        ) : fleet.isError ? (
          <ErrorState>Failed to load the aircraft</ErrorState>
        ) : fleet.data.length === 0 ? (
          <EmptyState icon={<Plane />}>No aircraft recorded yet.</EmptyState>
        ) : (
          <Scrolling labelledBy="aircraft-heading">
            <DataTable rows={fleet.data} columns={aircraftColumns} caption="Aircraft, by make and model" {...TABLE} />
          </Scrolling>
        )}
      </section>
      <section aria-labelledby="insurance-heading" className="space-y-3">
        <PanelHeader id="insurance-heading" title="Insurance">
          <PolicyDialog />
        </PanelHeader>
        {policies.isPending ? (
          <LoadingState label="Loading the policies…" />
        ) : policies.isError ? (
          <ErrorState>Failed to load the insurance policies</ErrorState>
        ) : policies.data.length === 0 ? (
          <EmptyState icon={<ShieldCheck />}>No policy recorded yet.</EmptyState>
        ) : (
          <Scrolling labelledBy="insurance-heading">
            <DataTable rows={policies.data} columns={policyColumns} caption="Insurance policies, latest expiry first" {...TABLE} />
          </Scrolling>
        )}
      </section>
      <ChecklistItems />
      <FlightLogExport fleet={fleet.data ?? []} />
    </div>
  );
}
