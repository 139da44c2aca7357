import { Layers } from "lucide-react";
import { UploadProgress } from "@/components/ui/upload-progress";
import { useState } from "react";
import { type Path, useForm, useWatch } from "react-hook-form";
import type { Job } from "@common/contract/jobs";
import { mapLayerFieldsSchema } from "@common/map-layers";
import { MAP_LAYER_KIND_LABELS, MAP_LAYER_KINDS } from "@common/map-layer-kinds";
import { ACCEPT_ATTRIBUTE } from "@common/uploads";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { fieldAria, FormField, InputField } from "@/components/ui/form-field";
import { Input, NativeSelect } from "@/components/ui/input";
import { showRefusal } from "@/lib/show-refusal";
import { toast } from "@/lib/use-toast";
import { DialogForm, issuesOf, refuseIssues, useFormDialog } from "@/components/ui/form-dialog";
import { uploadMapLayer, useRefreshMapLayers } from "./api/map-layers";

interface LayerValues {
  kind: string;
  title: string;
  capturedAt: string;
  bands: string;
  file: FileList | undefined;
}

const EMPTY: LayerValues = { kind: "orthomosaic", title: "", capturedAt: "", bands: "", file: undefined };
const FIELDS = ["kind", "title", "capturedAt", "bands", "file"] as const;
const fieldOf = (path: string) => (FIELDS as readonly string[]).includes(path) ? (path as Path<LayerValues>) : undefined;

const CHOOSE_FILE = "Please choose the layer's GeoTIFF (.tif or .tiff)";
const isTiff = (file: File) => /\.tiff?$/i.test(file.name) || file.type === "image/tiff";

/**
 * The admin's "Add map layer": a GeoTIFF uploaded to the job, with its kind, title, capture date and
 * (multispectral) band names, checked by the server's own schema before sending. The upload shows
 * its progress; the server's refusal (a file that is no GeoTIFF, too large, bands that do not match)
 * shows in the dialog with everything typed kept. The layer then joins the job's map, queued.
 */
export function AddMapLayerDialog({ job }: { job: Pick<Job, "id" | "title"> }) {
  const refresh = useRefreshMapLayers();
  const form = useForm<LayerValues>({ defaultValues: EMPTY });
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => form.reset(EMPTY));
  const [progress, setProgress] = useState<number | null>(null);
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

    setProgress(0);
    const answer = await uploadMapLayer(job.id, fields, chosen, setProgress);
    setProgress(null);
    if (!answer.ok) {
      setRefusal(showRefusal(answer, form.setError, fieldOf));
      return;
    }
    void refresh();
    toast({ title: "Layer uploaded", description: `${answer.data.data.title} is queued for processing`, variant: "success" });
    close();
  });

  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" size="sm">
          <Layers aria-hidden />
          Add map layer
        </Button>
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
          {percent === null ? null : <UploadProgress percent={percent} />}
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
