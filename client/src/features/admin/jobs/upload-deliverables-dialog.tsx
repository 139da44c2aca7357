import { useQueryClient } from "@tanstack/react-query";
import { Controller, type Path, useForm, useWatch } from "react-hook-form";
import { jobDeliverableFieldsSchema } from "@common/admin-uploads";
import type { Job } from "@common/contract/jobs";
import { ACCEPT_ATTRIBUTE, UPLOAD_KINDS } from "@common/uploads";
import { adminJobKeys } from "@/api/jobs";
import { adminMediaKeys } from "@/api/media";
import { adminReportKeys } from "@/api/reports";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { FilePicker } from "@/components/ui/file-picker";
import { DialogForm, issuesOf, refuseIssues, useFormDialog } from "@/components/ui/form-dialog";
import { fieldAria, FormField, InputField } from "@/components/ui/form-field";
import { NativeSelect, Textarea } from "@/components/ui/input";
import { UnfinishedUploadList } from "@/components/uploads/unfinished-upload-list";
import { UploadQueueList } from "@/components/uploads/upload-queue-list";
import { isFailure, type UploadOutcome, useUploadQueue, withFileError } from "@/lib/resumable-uploads";
import { showRefusal } from "@/lib/show-refusal";
import { toast } from "@/lib/use-toast";
import { type DeliverableKind, isDeliverableOf, jobDeliverableMetadata } from "./api/job-deliverables";
import { layerMetadata } from "./api/map-layers";
import { checkLayer, EMPTY_LAYER_FIELDS, LAYER_TITLE_MAX, LayerCaptureFields, type LayerFieldValues, LayerKindField, useLayerUploaded } from "./map-layer-form";
import { UploadDeliverablesTrigger } from "./upload-deliverables-trigger";

interface DeliverableValues extends LayerFieldValues {
  kind: DeliverableKind;
  description: string;
  files: File[];
}

const EMPTY: DeliverableValues = { kind: "job-report", title: "", description: "", ...EMPTY_LAYER_FIELDS, files: [] };
const FIELDS = ["kind", "title", "description", "layerKind", "capturedAt", "bands", "files"] as const;
// The server names the file by its own key, or by its name or type in the upload's metadata.
const SERVER_FIELDS: Record<string, Path<DeliverableValues>> = { file: "files", filename: "files", filetype: "files" };
const fieldOf = (path: string) => SERVER_FIELDS[path] ?? ((FIELDS as readonly string[]).includes(path) ? (path as Path<DeliverableValues>) : undefined);

/**
 * Each kind's picker: a job's report is one file as large as a media file (docs/product.md §10);
 * photos and videos, several; a map layer, one GeoTIFF, whose limit the server may raise or lower
 * (MAP_LAYER_MAX_MB) and answers at once, before a byte is sent.
 */
const KINDS = {
  "job-report": {
    label: "Report",
    accept: ACCEPT_ATTRIBUTE.jobReport,
    maxMb: UPLOAD_KINDS.jobReport.maxMb,
    multiple: false,
    what: `one PDF, Word document or image, up to ${UPLOAD_KINDS.jobReport.maxMb} MB`,
  },
  "job-media": {
    label: "Photos and videos",
    accept: ACCEPT_ATTRIBUTE.media,
    maxMb: UPLOAD_KINDS.media.maxMb,
    multiple: true,
    what: `${UPLOAD_KINDS.media.label}, up to ${UPLOAD_KINDS.media.maxMb} MB each`,
  },
  layer: {
    label: "Map layer (GeoTIFF)",
    accept: ACCEPT_ATTRIBUTE.mapLayer,
    maxMb: UPLOAD_KINDS.mapLayer.maxMb,
    multiple: false,
    what: "one GeoTIFF in any coordinate system: it is checked now, then made a Cloud Optimized GeoTIFF in the background and drawn on the site map",
  },
} as const satisfies Record<DeliverableKind, unknown>;

export interface UploadDeliverablesDialogProps {
  job: Pick<Job, "id" | "title" | "customerName">;
}

/**
 * The job's own upload of what it delivers: reports, photos and videos with a title and an optional
 * description, and map layers with the fields of Add map layer (map-layer-form.tsx); the job names
 * the customer and the service, so the form asks for neither (docs/product.md §10). Each file goes
 * resumably (tus) with its progress, pause, resume and cancel; several photos are titled
 * "{title} - File {n}" as on the Upload tab. Held from the customer until the job is delivered.
 */
export function UploadDeliverablesDialog({ job, openAtOnce = false }: UploadDeliverablesDialogProps & OpensAtOnce) {
  const queryClient = useQueryClient();
  const layerUploaded = useLayerUploaded();
  const form = useForm<DeliverableValues>({ defaultValues: EMPTY });
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => form.reset(EMPTY), openAtOnce);
  const uploads = useUploadQueue(`job-${job.id}-deliverables`, isDeliverableOf(job.id), { enabled: open });
  const [kind, layerKind] = useWatch({ control: form.control, name: ["kind", "layerKind"] });
  const picker = KINDS[kind];
  const { errors } = form.formState;
  const id = (field: keyof DeliverableValues) => `job-${job.id}-deliverable-${field}`;
  const field = (name: "capturedAt" | "bands") => ({ id: id(name), registration: form.register(name), error: errors[name]?.message });

  /** The toast and the refreshed lists after the uploads; true when every file went up. */
  const announce = (outcomes: readonly UploadOutcome[], what: string): boolean => {
    const uploaded = outcomes.filter((outcome) => !("cancelled" in outcome) && outcome.ok).length;
    const failed = outcomes.filter(isFailure);
    if (uploaded > 0) {
      void queryClient.invalidateQueries({ queryKey: adminJobKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminReportKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminMediaKeys.all });
      toast({ title: "Upload Complete", description: `${what} added to ${job.title}`, variant: "success" });
    }
    const [refused] = failed;
    if (refused) setRefusal(showRefusal(withFileError(refused), form.setError, fieldOf));
    return uploaded > 0 && failed.length === 0;
  };

  /** A layer's outcome: the server's refusal under its field, or the layer's toast; true when it went up. */
  const layerOutcome = (outcome: UploadOutcome | undefined, title: string | undefined): boolean => {
    if (outcome && isFailure(outcome)) {
      setRefusal(showRefusal(withFileError(outcome), form.setError, fieldOf));
      return false;
    }
    return layerUploaded(outcome, title);
  };

  const uploadLayer = async (values: LayerFieldValues, file: File | undefined) => {
    const { fields, issues } = checkLayer(values, file);
    if (refuseIssues(issues, form.setError, fieldOf) || !file) return;
    const [outcome] = await uploads.start([{ file, metadata: layerMetadata(job.id, fields) }]);
    if (layerOutcome(outcome, fields.title)) close();
  };

  const onSubmit = form.handleSubmit(async ({ kind: chosen, files, title, description, layerKind: typedKind, capturedAt, bands }) => {
    setRefusal(undefined);
    if (chosen === "layer") return uploadLayer({ layerKind: typedKind, title, capturedAt, bands }, files[0]);
    const checked = jobDeliverableFieldsSchema.safeParse({ title, description });
    const issues = issuesOf(checked);
    if (files.length === 0) issues.push({ path: "files", message: "Choose a file to upload" });
    if (refuseIssues(issues, form.setError, fieldOf) || !checked.success) return;
    const fields = checked.data;
    const titled = (index: number) => (files.length > 1 ? `${fields.title} - File ${index + 1}` : fields.title);
    const outcomes = await uploads.start(
      files.map((file, index) => ({ file, metadata: jobDeliverableMetadata(chosen, job.id, { ...fields, title: titled(index) }) })),
    );
    if (announce(outcomes, chosen === "job-report" ? `"${fields.title}"` : `${files.length} ${files.length === 1 ? "file" : "files"}`)) close();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <UploadDeliverablesTrigger />
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          eyebrow={`// ${job.title}`}
          title="Upload deliverables"
          description={`For ${job.customerName}, under this job's service. The customer sees it once the job is delivered.`}
        />
        <DialogForm
          label="Upload deliverables"
          onSubmit={onSubmit}
          refusal={refusal}
          submit="Upload"
          submitting="Uploading…"
          pending={form.formState.isSubmitting}
        >
          <FormField id={id("kind")} label="What" error={errors.kind?.message}>
            <NativeSelect
              id={id("kind")}
              {...fieldAria(id("kind"), errors.kind?.message)}
              {...form.register("kind", { onChange: () => form.setValue("files", []) })}
            >
              {Object.entries(KINDS).map(([value, { label }]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {kind === "layer" ? <LayerKindField id={id("layerKind")} registration={form.register("layerKind")} error={errors.layerKind?.message} /> : null}
          <InputField
            id={id("title")}
            label="Title"
            maxLength={kind === "layer" ? LAYER_TITLE_MAX : 200}
            autoComplete="off"
            error={errors.title?.message}
            registration={form.register("title")}
          />
          {kind === "layer" ? (
            <LayerCaptureFields capturedAt={field("capturedAt")} bands={field("bands")} multispectral={layerKind === "multispectral"} />
          ) : (
            <FormField id={id("description")} label="Description (optional)" error={errors.description?.message}>
              <Textarea id={id("description")} rows={3} {...fieldAria(id("description"), errors.description?.message)} {...form.register("description")} />
            </FormField>
          )}
          <Controller
            control={form.control}
            name="files"
            render={({ field: files, fieldState }) => (
              <div className="space-y-1.5">
                <FilePicker
                  id={id("files")}
                  label={picker.multiple ? "Files" : "File"}
                  accept={picker.accept}
                  maxSizeMb={picker.maxMb}
                  multiple={picker.multiple}
                  files={files.value}
                  onChange={files.onChange}
                  invalid={Boolean(fieldState.error)}
                  describedBy={fieldState.error ? `${id("files")}-error` : undefined}
                />
                <p className="text-sm text-muted-foreground">{picker.what[0]?.toUpperCase() + picker.what.slice(1)}.</p>
                {fieldState.error ? (
                  <p id={`${id("files")}-error`} role="alert" className="text-sm text-destructive">
                    {fieldState.error.message}
                  </p>
                ) : null}
              </div>
            )}
          />
          <UploadQueueList
            items={uploads.items}
            label="Deliverable upload progress"
            showErrors={false}
            onPauseOrResume={uploads.pauseOrResume}
            onCancel={uploads.cancel}
          />
          <UnfinishedUploadList
            id={`job-${job.id}-deliverable-unfinished`}
            uploads={uploads.unfinished}
            accept={`${ACCEPT_ATTRIBUTE.jobReport},${ACCEPT_ATTRIBUTE.media},${ACCEPT_ATTRIBUTE.mapLayer}`}
            onResume={(unfinished, file) =>
              void uploads
                .start([{ file, metadata: unfinished.metadata, resumes: unfinished.stored }])
                .then((outcomes) =>
                  unfinished.metadata.kind === "layer"
                    ? layerOutcome(outcomes[0], unfinished.metadata.title)
                    : announce(outcomes, `"${unfinished.metadata.title ?? file.name}"`),
                )
            }
            onDiscard={(unfinished) => void uploads.discard(unfinished)}
          />
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
