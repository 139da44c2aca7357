import { useQueryClient } from "@tanstack/react-query";
import { adminJobKeys } from "@/api/jobs";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { FileImportDialog } from "@/components/ui/file-import-dialog";
import { ImportFlightLogTrigger } from "./import-flight-log-trigger";

export interface ImportFlightLogProps {
  jobId: number;
}

/**
 * "Import flight log": an AirData CSV of the job's flight (docs/decisions/0072-flight-records.md),
 * whose take-off, landing, duration, highest height (feet read as metres) and place replace the
 * record's. A refused file is said under the field with what it lacks; nothing is changed then.
 */
export function ImportFlightLog({ jobId, openAtOnce = false }: ImportFlightLogProps & OpensAtOnce) {
  const queryClient = useQueryClient();
  return (
    <FileImportDialog
      url={`/api/admin/jobs/${jobId}/flight-log`}
      title="Import flight log"
      description="A flight log exported by AirData as CSV. Its take-off, landing, duration, highest height above take-off and place replace the flight record's; heights in feet are converted to metres. DJI's encrypted logs cannot be read: export them through AirData first."
      label="Flight log (AirData CSV)"
      accept=".csv,text/csv"
      pendingText="Reading the flight log…"
      trigger={<ImportFlightLogTrigger />}
      onImported={() => queryClient.invalidateQueries({ queryKey: adminJobKeys.all })}
      openAtOnce={openAtOnce}
    />
  );
}
