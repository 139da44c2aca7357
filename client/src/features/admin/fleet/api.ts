import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Aircraft, Battery, Certificate, ComplianceWarning, MaintenanceEntry, Policy } from "@common/contract/operator-records";
import type {
  AircraftChange,
  BatteryChange,
  CertificateChange,
  MaintenanceChange,
  NewAircraft,
  NewBattery,
  NewCertificate,
  NewMaintenance,
  NewPolicy,
  PolicyChange,
} from "@common/operator-records";
import type { ChecklistItem } from "@common/contract/preflight";
import type { ChecklistItemsInput } from "@common/preflight";
import { send } from "@/lib/api";
import { useListQuery } from "@/lib/list-query";

// The operator's records (docs/decisions/0068-operator-records.md): each list's key is its URL.

export const certificatesUrl = (pilotId: number) => `/api/admin/pilots/${pilotId}/certificates`;
const AIRCRAFT_URL = "/api/admin/aircraft";
export const INSURANCE_URL = "/api/admin/insurance";
const WARNINGS_URL = "/api/admin/compliance/warnings";

/** GET /api/admin/pilots/{id}/certificates: a pilot's own, or any pilot's for an admin. */
export const useCertificates = (pilotId: number | null) =>
  useQuery<{ data: Certificate[] }, Error, Certificate[]>({
    queryKey: [certificatesUrl(pilotId ?? 0)],
    select: (answer) => answer.data,
    enabled: pilotId !== null,
  });
/** GET /api/admin/aircraft: the fleet (admins). */
export const useAircraft = () => useListQuery<Aircraft>([AIRCRAFT_URL]);
/** GET /api/admin/insurance: the policies (admins). */
export const usePolicies = () => useListQuery<Policy>([INSURANCE_URL]);
/** GET /api/admin/compliance/warnings[?jobId=]: what lapses within 30 days (admins). */
export const useComplianceWarnings = (jobId?: number) =>
  useQuery<{ data: ComplianceWarning[] }, Error, ComplianceWarning[]>({
    queryKey: [jobId === undefined ? WARNINGS_URL : `${WARNINGS_URL}?jobId=${jobId}`],
    select: (answer) => answer.data,
  });

/** Every write reloads every record list and the warnings, which read them. */
export function useRecordWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (query) => {
          const [key] = query.queryKey;
          return (
            typeof key === "string" &&
            (key.startsWith("/api/admin/pilots/") || key.startsWith(AIRCRAFT_URL) || key.startsWith(INSURANCE_URL) || key.startsWith(WARNINGS_URL))
          );
        },
      }),
  });
}

export type Saved<T> = { success: true; message: string; data: T };

export const useSaveCertificate = () =>
  useRecordWrite(({ pilotId, id, body }: { pilotId: number; id?: number; body: NewCertificate | CertificateChange }) =>
    id === undefined
      ? send<Saved<Certificate>>("POST", certificatesUrl(pilotId), { body })
      : send<Saved<Certificate>>("PATCH", `${certificatesUrl(pilotId)}/${id}`, { body }),
  );

export const useSaveAircraft = () =>
  useRecordWrite(({ id, body }: { id?: number; body: NewAircraft | AircraftChange }) =>
    id === undefined ? send<Saved<Aircraft>>("POST", AIRCRAFT_URL, { body }) : send<Saved<Aircraft>>("PATCH", `${AIRCRAFT_URL}/${id}`, { body }),
  );

export const useSavePolicy = () =>
  useRecordWrite(({ id, body }: { id?: number; body: NewPolicy | PolicyChange }) =>
    id === undefined ? send<Saved<Policy>>("POST", INSURANCE_URL, { body }) : send<Saved<Policy>>("PATCH", `${INSURANCE_URL}/${id}`, { body }),
  );

/** GET /api/admin/aircraft/{id}/batteries (null: not asked). */
export const useBatteries = (aircraftId: number | null) =>
  useQuery<{ data: Battery[] }, Error, Battery[]>({
    queryKey: [`${AIRCRAFT_URL}/${aircraftId ?? 0}/batteries`],
    select: (answer) => answer.data,
    enabled: aircraftId !== null,
  });

/** GET /api/admin/aircraft/{id}/batteries and …/maintenance, while its dialog is open (null: not asked). */
export const useAircraftParts = (aircraftId: number | null) => ({
  batteries: useBatteries(aircraftId),
  maintenance: useQuery<{ data: MaintenanceEntry[] }, Error, MaintenanceEntry[]>({
    queryKey: [`${AIRCRAFT_URL}/${aircraftId ?? 0}/maintenance`],
    select: (answer) => answer.data,
    enabled: aircraftId !== null,
  }),
});

/** POST a new battery of the aircraft, or PATCH the one of `id`. */
export const useSaveBattery = (aircraftId: number) =>
  useRecordWrite(({ id, body }: { id?: number; body: NewBattery | BatteryChange }) =>
    send<Saved<Battery>>(id === undefined ? "POST" : "PATCH", `${AIRCRAFT_URL}/${aircraftId}/batteries${id === undefined ? "" : `/${id}`}`, { body }),
  );

/** POST a new maintenance entry of the aircraft, or PATCH the one of `id`. */
export const useSaveMaintenance = (aircraftId: number) =>
  useRecordWrite(({ id, body }: { id?: number; body: NewMaintenance | MaintenanceChange }) =>
    send<Saved<MaintenanceEntry>>(id === undefined ? "POST" : "PATCH", `${AIRCRAFT_URL}/${aircraftId}/maintenance${id === undefined ? "" : `/${id}`}`, {
      body,
    }),
  );

const CHECKLIST_URL = "/api/admin/checklist-items";

/** GET /api/admin/checklist-items: the business's pre-flight checklist (docs/decisions/0074-preflight-checklist.md). */
export const useChecklistItems = () => useListQuery<ChecklistItem>([CHECKLIST_URL]);

/** PUT /api/admin/checklist-items: the whole list, in order; read again once saved (a refusal leaves the form as typed). */
export function useSaveChecklistItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChecklistItemsInput) => send<Saved<ChecklistItem[]>>("PUT", CHECKLIST_URL, { body }),
    onSuccess: (answer) => (answer.ok ? queryClient.invalidateQueries({ queryKey: [CHECKLIST_URL] }) : undefined),
  });
}
