import { type Path, useForm, useWatch } from "react-hook-form";
import type { Job } from "@common/contract/jobs";
import { ACCEPT_ATTRIBUTE } from "@common/uploads";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { DialogForm, refuseIssues, useFormDialog } from "@/components/ui/form-dialog";
import { fieldAria, FormField, InputField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { UnfinishedUploadList } from "@/components/uploads/unfinished-upload-list";
import { UploadQueueList } from "@/components/uploads/upload-queue-list";
import { useUploadQueue, withFileError } from "@/lib/resumable-uploads";
import { showRefusal } from "@/lib/show-refusal";
import { AddMapLayerTrigger } from "./add-map-layer-trigger";
import { isLayerOf, layerMetadata } from "./api/map-layers";
import {
  checkLayer,
  EMPTY_LAYER_FIELDS,
  LAYER_DESCRIPTION,
  LAYER_TITLE_MAX,
  LayerCaptureFields,
  type LayerFieldValues,
  LayerKindField,
  useLayerUploaded,
} from "./map-layer-form";

interface LayerValues extends LayerFieldValues {
  file: FileList | undefined;
}

const EMPTY: LayerValues = { ...EMPTY_LAYER_FIELDS, title: "", file: undefined };
const FIELDS = ["layerKind", "title", "capturedAt", "bands", "file"] as const;
// The server names the file by its name or type in the upload's metadata.
const SERVER_FIELDS: Record<string, keyof LayerValues> = { filename: "file", filetype: "file" };
const fieldOf = (path: string) => SERVER_FIELDS[path] ?? ((FIELDS as readonly string[]).includes(path) ? (path as Path<LayerValues>) : undefined);

/**
 * The admin's "Add map layer": a GeoTIFF uploaded to the job, with its kind, title, capture date and
 * (multispectral) band names, checked by the server's own schema before sending. The upload is
 * resumable (tus) and shows its progress, with pause, resume and cancel; the server's refusal (a file
 * that is no GeoTIFF, too large, bands that do not match) shows in the dialog with everything typed
 * kept. The layer then joins the job's map, queued. An upload a reload interrupted is listed here.
 * The job's Deliverables upload takes layers through the same fields (map-layer-form.tsx).
 */
export interface AddMapLayerDialogProps {
  job: Pick<Job, "id" | "title">;
}

export function AddMapLayerDialog({ job, openAtOnce = false }: AddMapLayerDialogProps & OpensAtOnce) {
  const uploaded = useLayerUploaded();
  const form = useForm<LayerValues>({ defaultValues: EMPTY });
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => form.reset(EMPTY), openAtOnce);
  const uploads = useUploadQueue(`layer-${job.id}`, isLayerOf(job.id), { enabled: open });
  const layerKind = useWatch({ control: form.control, name: "layerKind" });
  const { errors } = form.formState;
  const id = (field: keyof LayerValues) => `job-${job.id}-layer-${field}`;
  const field = (name: "capturedAt" | "bands") => ({ id: id(name), registration: form.register(name), error: errors[name]?.message });

  const onSubmit = form.handleSubmit(async ({ file, ...typed }) => {
    setRefusal(undefined);
    const chosen = file?.[0];
    const { fields, issues } = checkLayer(typed, chosen);
    if (refuseIssues(issues, form.setError, fieldOf) || !chosen) return;

    const [outcome] = await uploads.start([{ file: chosen, metadata: layerMetadata(job.id, fields) }]);
    if (outcome && !("cancelled" in outcome) && !outcome.ok) setRefusal(showRefusal(withFileError(outcome), form.setError, fieldOf));
    else if (uploaded(outcome, fields.title)) close();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <AddMapLayerTrigger />
      </DialogTrigger>
      <DialogContent>
        <DialogHeading eyebrow={`// ${job.title}`} title="Add map layer" description={LAYER_DESCRIPTION} />
        <DialogForm
          label="Add map layer"
          onSubmit={onSubmit}
          refusal={refusal}
          submit="Upload layer"
          submitting="Uploading…"
          pending={form.formState.isSubmitting}
        >
          <LayerKindField id={id("layerKind")} registration={form.register("layerKind")} error={errors.layerKind?.message} />
          <InputField
            id={id("title")}
            label="Title"
            maxLength={LAYER_TITLE_MAX}
            autoComplete="off"
            error={errors.title?.message}
            registration={form.register("title")}
          />
          <LayerCaptureFields capturedAt={field("capturedAt")} bands={field("bands")} multispectral={layerKind === "multispectral"} />
          <FormField id={id("file")} label="File" error={errors.file?.message}>
            <Input
              id={id("file")}
              type="file"
              accept={ACCEPT_ATTRIBUTE.mapLayer}
              className="h-auto py-1.5"
              {...fieldAria(id("file"), errors.file?.message)}
              {...form.register("file")}
            />
          </FormField>
          <UploadQueueList
            items={uploads.items}
            label="Layer upload progress"
            showErrors={false}
            onPauseOrResume={uploads.pauseOrResume}
            onCancel={uploads.cancel}
          />
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
