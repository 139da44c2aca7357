import { ArrowLeft, Upload } from "lucide-react";
import { type ComponentType, type ReactNode, useId, useState } from "react";
import { Link, useParams } from "wouter";
import type { FindingImportError, FindingsImportPreview } from "@common/contract/findings";
import type { PublicUser } from "@common/contract/users";
import { FINDING_FIELD_LABELS, FINDING_FIELDS, type FindingField } from "@common/findings";
import { Button, buttonVariants } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageHeading } from "@/components/ui/page-heading";
import { FormRefusal } from "@/components/ui/panel-states";
import { withQueries } from "@/lib/with-queries";
import { type ImportRefusal, previewImport, useImportFindings } from "./api/import-findings";
import { ImportErrorsTable } from "./import-errors-table";
import { type ColumnMapping, mappingFor, rememberedMapping, rememberMapping } from "./import-mapping";

const REQUIRED: readonly FindingField[] = ["class", "lat", "lon"];
const cell = (value: unknown) => (value === undefined || value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value));

/** The refusal's rows, or its message when the server named no row (a form field, a failed request). */
function refusalOf(answer: { body: unknown; message: string | undefined; generic: string }): { errors: FindingImportError[]; message: string } {
  const body = answer.body as ImportRefusal | undefined;
  const errors = Array.isArray(body?.errors) ? body.errors : [];
  const byField = body?.errors && !Array.isArray(body.errors) ? Object.values(body.errors).join(" ") : "";
  return { errors, message: errors.length ? "" : byField || answer.message || answer.generic };
}

function MappingTable({ columns, mapping, onChange }: { columns: readonly string[]; mapping: ColumnMapping; onChange: (mapping: ColumnMapping) => void }) {
  const id = useId();
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold">Columns</legend>
      <p className="text-sm text-muted-foreground">
        Choose the file&apos;s column for each field of a finding. Your choice is remembered for your next import.
      </p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {FINDING_FIELDS.map((field) => (
          <div key={field} className="space-y-1">
            <Label htmlFor={`${id}-${field}`}>{`${FINDING_FIELD_LABELS[field]}${REQUIRED.includes(field) ? " (required)" : ""}`}</Label>
            <NativeSelect
              id={`${id}-${field}`}
              value={mapping[field] ?? ""}
              onChange={(event) => onChange({ ...mapping, [field]: event.target.value || undefined })}
            >
              <option value="">Not in the file</option>
              {columns.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function PreviewTable({ preview, mapping, rows }: { preview: FindingsImportPreview["preview"]; mapping: ColumnMapping; rows: number }) {
  const fields = FINDING_FIELDS.filter((field) => mapping[field]);
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-left text-sm">
        <caption className="px-3 py-2 text-left font-semibold">{`The first ${preview.length} of ${rows} findings in the file`}</caption>
        <thead className="border-b bg-muted/40">
          <tr>
            <th scope="col" className="px-3 py-2">
              Row
            </th>
            {fields.map((field) => (
              <th key={field} scope="col" className="px-3 py-2 whitespace-nowrap">
                {FINDING_FIELD_LABELS[field]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.map((values, index) => (
            <tr key={index} className="border-b last:border-b-0">
              <td className="px-3 py-2 tabular-nums">{index + 1}</td>
              {fields.map((field) => (
                <td key={field} className="max-w-64 px-3 py-2 break-words">
                  {cell(values[field])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Stage = { file: File; preview: FindingsImportPreview; mapping: ColumnMapping } | null;

function ImportFindings({ jobId, user }: { jobId: number; user: PublicUser }) {
  const id = useId();
  const [stage, setStage] = useState<Stage>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ errors: FindingImportError[]; message: string }>({ errors: [], message: "" });
  const [imported, setImported] = useState("");
  const importAll = useImportFindings(jobId);

  const check = async (file: File, mapping: ColumnMapping) => {
    setBusy(true);
    setRefusal({ errors: [], message: "" });
    setImported("");
    try {
      const answer = await previewImport(jobId, file, mapping);
      if (!answer.ok) return setRefusal(refusalOf(answer));
      const { data } = answer.data;
      // A new file's columns: the admin's remembered mapping where it fits, guessed elsewhere; read again through it.
      const fitted = mappingFor(data.columns, mapping);
      if (JSON.stringify(fitted) !== JSON.stringify(mapping) && data.columns.length) return void (await check(file, fitted));
      setStage({ file, preview: data, mapping });
    } finally {
      setBusy(false);
    }
  };
  const choose = (file: File | undefined) => {
    setStage(null);
    if (file) void check(file, rememberedMapping(user.id));
  };
  const remap = (mapping: ColumnMapping) => {
    rememberMapping(user.id, mapping);
    if (stage) void check(stage.file, mapping);
  };
  const submit = async () => {
    if (!stage) return;
    setBusy(true);
    rememberMapping(user.id, stage.mapping);
    const answer = await importAll(stage.file, stage.mapping);
    setBusy(false);
    if (!answer.ok) return setRefusal(refusalOf(answer));
    setStage(null);
    setImported(answer.data.message);
  };

  const errors = refusal.errors.length ? refusal.errors : (stage?.preview.errors ?? []);
  const bad = new Set(errors.map((error) => error.row)).size;
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
      <div className="space-y-2">
        <Label htmlFor={`${id}-file`}>CSV, GeoJSON or KML file</Label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.geojson,.json,.kml,text/csv,application/geo+json"
          className="block text-sm"
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <p className="text-sm text-muted-foreground">
          Exported by inspection software, or by us: every finding is checked, and all of them are imported or none.
        </p>
      </div>
      {busy ? (
        <p role="status" className="text-sm text-primary">
          Reading the file…
        </p>
      ) : null}
      <FormRefusal>{refusal.message}</FormRefusal>
      {imported ? (
        <p role="status" className="rounded-md border border-primary/60 px-4 py-3">
          {`${imported}. `}
          <Link href={`/admin-dashboard/jobs/${jobId}`} className="text-primary underline underline-offset-4">
            See them on the job
          </Link>
        </p>
      ) : null}
      {stage ? (
        <>
          <MappingTable columns={stage.preview.columns} mapping={stage.mapping} onChange={remap} />
          {stage.preview.preview.length ? <PreviewTable preview={stage.preview.preview} mapping={stage.mapping} rows={stage.preview.rows} /> : null}
        </>
      ) : null}
      {errors.length ? (
        <ImportErrorsTable errors={errors} caption={`Nothing can be imported: ${bad === 1 ? "1 finding has" : `${bad} findings have`} errors`} />
      ) : null}
      {stage ? (
        <Button type="button" disabled={busy || errors.length > 0 || stage.preview.rows === 0} onClick={() => void submit()}>
          <Upload aria-hidden />
          {`Import all ${stage.preview.rows} findings`}
        </Button>
      ) : null}
    </div>
  );
}

/** Renders its children for the back office's staff (the admin feature's guard, handed in by the app). */
type StaffGuard = ComponentType<{ children: (user: PublicUser) => ReactNode }>;

/**
 * /admin-dashboard/jobs/:id/findings/import: the staff import a job's findings from a file (issue
 * 18): choose it, map its columns once (remembered per admin), preview, then import all or nothing,
 * every bad row named.
 */
function ImportFindingsPage({ RequireStaff }: { RequireStaff: StaffGuard }) {
  const { id = "" } = useParams<{ id: string }>();
  const jobId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  return (
    <RequireStaff>
      {(user) => (
        <>
          <PageHeading eyebrow="// Back office · Findings" title={`Import findings into job #${jobId}`}>
            <Link href={`/admin-dashboard/jobs/${jobId}`} className={`${buttonVariants({ variant: "outline", size: "sm" })} mt-4`}>
              <ArrowLeft aria-hidden />
              Back to the job
            </Link>
          </PageHeading>
          <ImportFindings jobId={jobId} user={user} />
        </>
      )}
    </RequireStaff>
  );
}

export default withQueries(ImportFindingsPage);
