import { RequireStaff } from "@/features/admin/require-admin";
import ImportPage from "@/features/findings/import-findings-page";

/** /admin-dashboard/jobs/:id/findings/import: the findings feature's import, behind the back office's staff check, handed in. */
export default function FindingsImportScreen() {
  return <ImportPage RequireStaff={RequireStaff} />;
}
