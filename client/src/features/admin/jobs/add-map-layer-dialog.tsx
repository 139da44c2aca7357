import { type Path, useForm, useWatch } from "react-hook-form";
import type { Job } from "@common/contract/jobs";
import type { MapLayer } from "@common/contract/map-layers";
import { mapLayerFieldsSchema } from "@common/map-layers";
import { MAP_LAYER_KIND_LABELS, MAP_LAYER_KINDS } from "@common/map-layer-kinds";
import { ACCEPT_ATTRIBUTE } from "@common/uploads";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { fieldAria, FormField, InputField } from "@/components/ui/form-field";
import { Input, NativeSelect } from "@/components/ui/input";
import { UnfinishedUploadList } from "@/components/ui/unfinished-upload-list";
import { UploadQueueList } from "@/components/ui/upload-queue-list";
import { type UploadOutcome, useUploadQueue, withFileError } from "@/lib/resumable-uploads";
import { showRefusal } from "@/lib/show-refusal";
import { toast } from "@/lib/use-toast";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { DialogForm, issuesOf, refuseIssues, useFormDialog } from "@/components/ui/form-dialog";
import { AddMapLayerTrigger } from "./add-map-layer-button";
import { isLayerOf, layerMetadata, useRefreshMapLayers } from "./api/map-layers";

interface LayerValues {
  kind: string;
  title: string;
  capturedAt: string;
  bands: string;
  file: FileList | undefined;
}

const EMPTY: LayerValues = { kind: "orthomosaic", title: "", capturedAt: "", bands: "", file: undefined };
const FIELDS = ["kind", "title", "capturedAt", "bands", "file"] as const;
// The server names the layer's kind `layerKind` in the upload's metadata, and the file by its name or type.
const SERVER_FIELDS: Record<string, keyof LayerValues> = { layerKind: "kind", filename: "file", filetype: "file" };
const fieldOf = (path: string) => SERVER_FIELDS[path] ?? ((FIELDS as readonly string[]).includes(path) ? (path as Path<LayerValues>) : undefined);

const CHOOSE_FILE = "Please choose the layer's GeoTIFF (.tif or .tiff)";
const isTiff = (file: File) => /\.tiff?$/i.test(file.name) || file.type === "image/tiff";

/**
 * The admin's "Add map layer": a GeoTIFF uploaded to the job, with its kind, title, capture date and
 * (multispectral) band names, checked by the server's own schema before sending. The upload is
 * resumable (tus) and shows its progress, with pause, resume and cancel; the server's refusal (a file
 * that is no GeoTIFF, too large, bands that do not match) shows in the dialog with everything typed
 * kept. The layer then joins the job's map, queued. An upload a reload interrupted is listed here.
 */
export interface AddMapLayerDialogProps {
  job: Pick<Job, "id" | "title">;
}

export function AddMapLayerDialog({ job, openAtOnce = false }: AddMapLayerDialogProps & OpensAtOnce) {
  const refresh = useRefreshMapLayers();
  const form = useForm<LayerValues>({ defaultValues: EMPTY });
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => form.reset(EMPTY), openAtOnce);
  const uploads = useUploadQueue(`layer-${job.id}`, isLayerOf(job.id), { enabled: open });
  const kind = useWatch({ control: form.control, name: "kind" });
  const { errors } = form.formState;
  const id = (field: keyof LayerValues) => `job-${job.id}-layer-${field}`;

  const onSubmit = form.handleSubmit(async ({ file, ...typed }) => {
    setRefusal(undefined);
    const fields = { kind: typed.kind, title: typed.title, capturedAt: typed.capturedAt || undefined, bands: typed.kind === "multispectral" ? typed.bands : undefined };
    const issues = issuesOf(mapLayerFieldsSchema.safeParse(fields));
    const chosen = file?.[0];
    if (!chosen) issues.push({ path: "file", message: CHOOSE_FILE });
    else if (!isTiff(chosen)) issues.push({ path: "file", message: `File "${chosen.name}" is not an accepted file type` });
    if (refuseIssues(issues, form.setError, fieldOf) || !chosen) return;

    const [outcome] = await uploads.start([{ file: chosen, metadata: layerMetadata(job.id, fields) }]);
    if (outcome && !("cancelled" in outcome) && !outcome.ok) setRefusal(showRefusal(withFileError(outcome), form.setError, fieldOf));
    else if (uploaded(outcome, fields.title)) close();
  });

  /** The toast and the map's refresh of an uploaded layer; true when it was. */
  const uploaded = (outcome: UploadOutcome | undefined, title: string | undefined): boolean => {
    if (!outcome || "cancelled" in outcome || !outcome.ok) return false;
    void refresh();
    const layer = (outcome.data as { data?: Pick<MapLayer, "title"> } | undefined)?.data;
    toast({ title: "Layer uploaded", description: `${layer?.title ?? title ?? "The layer"} is queued for processing`, variant: "success" });
    return true;
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <AddMapLayerTrigger />
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          eyebrow={`// ${job.title}`}
          title="Add map layer"
          description="A GeoTIFF in any coordinate system: it is checked now, then made a Cloud Optimized GeoTIFF in the background. The customer sees it once the job is delivered."
        />
        <DialogForm label="Add map layer" onSubmit={onSubmit} refusal={refusal} submit="Upload layer" submitting="Uploading…" pending={form.formState.isSubmitting}>
          <FormField id={id("kind")} label="Kind" error={errors.kind?.message}>
            <NativeSelect id={id("kind")} {...fieldAria(id("kind"), errors.kind?.message)} {...form.register("kind")}>
              {MAP_LAYER_KINDS.map((value) => (
                <option key={value} value={value}>
                  {MAP_LAYER_KIND_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <InputField id={id("title")} label="Title" maxLength={120} autoComplete="off" error={errors.title?.message} registration={form.register("title")} />
          <InputField id={id("capturedAt")} label="Captured on" type="date" error={errors.capturedAt?.message} registration={form.register("capturedAt")} />
          {kind === "multispectral" ? (
            <InputField
              id={id("bands")}
              label="Bands"
              placeholder="blue,green,red,rededge,nir"
              autoComplete="off"
              spellCheck={false}
              error={errors.bands?.message}
              registration={form.register("bands")}
            />
          ) : null}
          <FormField id={id("file")} label="File" error={errors.file?.message}>
            <Input id={id("file")} type="file" accept={ACCEPT_ATTRIBUTE.mapLayer} className="h-auto py-1.5" {...fieldAria(id("file"), errors.file?.message)} {...form.register("file")} />
          </FormField>
          <UploadQueueList items={uploads.items} label="Layer upload progress" showErrors={false} onPauseOrResume={uploads.pauseOrResume} onCancel={uploads.cancel} />
          <UnfinishedUploadList
            id={`job-${job.id}-layer-unfinished`}
            uploads={uploads.unfinished}
            accept={ACCEPT_ATTRIBUTE.mapLayer}
            onResume={(unfinished, file) =>
              void uploads.start([{ file, metadata: unfinished.metadata, resumes: unfinished.stored }]).then(([outcome]) => {
                if (outcome && !("cancelled" in outcome) && !outcome.ok) setRefusal(outcome.message ?? outcome.generic);
                else uploaded(outcome, unfinished.metadata.title);
              })
            }
            onDiscard={(unfinished) => void uploads.discard(unfinished)}
          />
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
