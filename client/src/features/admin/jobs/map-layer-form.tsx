import type { UseFormRegisterReturn } from "react-hook-form";
import type { MapLayer } from "@common/contract/map-layers";
import { mapLayerFieldsSchema } from "@common/map-layers";
import { MAP_LAYER_KIND_LABELS, MAP_LAYER_KINDS } from "@common/map-layer-kinds";
import { issuesOf, type FormIssue } from "@/components/ui/form-dialog";
import { fieldAria, FormField, InputField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import type { UploadOutcome } from "@/lib/resumable-uploads";
import { toast } from "@/lib/use-toast";
import { type MapLayerUpload, useRefreshMapLayers } from "./api/map-layers";

// A layer's part of a form, shared by Add map layer on the site map and the job's Deliverables
// upload, so both send the same fields through the same resumable upload (tus kind "layer") and
// the server's one path checks them (server/deliverables/resumable-uploads.ts).

/** A layer's fields as typed; the kind is named `layerKind`, as in the upload's metadata (common/tus-uploads.ts). */
export interface LayerFieldValues {
  layerKind: string;
  title: string;
  capturedAt: string;
  bands: string;
}

export const EMPTY_LAYER_FIELDS: Omit<LayerFieldValues, "title"> = { layerKind: "orthomosaic", capturedAt: "", bands: "" };

/** The layer's title is shorter than a report's (common/map-layers.ts). */
export const LAYER_TITLE_MAX = 120;

const CHOOSE_FILE = "Please choose the layer's GeoTIFF (.tif or .tiff)";
const isTiff = (file: File) => /\.tiff?$/i.test(file.name) || file.type === "image/tiff";

/**
 * Checks a layer's fields and file by the server's own schema before anything is sent: the fields
 * to send, and the issues keyed as the server keys its errors (`layerKind`, `file`).
 */
export function checkLayer(values: LayerFieldValues, file: File | undefined): { fields: MapLayerUpload; issues: FormIssue[] } {
  const fields = {
    kind: values.layerKind,
    title: values.title,
    capturedAt: values.capturedAt || undefined,
    bands: values.layerKind === "multispectral" ? values.bands : undefined,
  };
  const issues = issuesOf(mapLayerFieldsSchema.safeParse(fields)).map((issue) => (issue.path === "kind" ? { ...issue, path: "layerKind" } : issue));
  if (!file) issues.push({ path: "file", message: CHOOSE_FILE });
  else if (!isTiff(file)) issues.push({ path: "file", message: `File "${file.name}" is not an accepted file type` });
  return { fields, issues };
}

/** The toast and the maps' refresh once a layer is uploaded; answers whether it was. */
export function useLayerUploaded() {
  const refresh = useRefreshMapLayers();
  return (outcome: UploadOutcome | undefined, title: string | undefined): boolean => {
    if (!outcome || "cancelled" in outcome || !outcome.ok) return false;
    void refresh();
    const layer = (outcome.data as { data?: Pick<MapLayer, "title"> } | undefined)?.data;
    toast({ title: "Layer uploaded", description: `${layer?.title ?? title ?? "The layer"} is queued for processing`, variant: "success" });
    return true;
  };
}

export const LAYER_DESCRIPTION =
  "A GeoTIFF in any coordinate system: it is checked now, then made a Cloud Optimized GeoTIFF in the background. The customer sees it once the job is delivered.";

interface FieldProps {
  id: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
}

/** The layer's kind: orthomosaic, elevation, multispectral or thermal. */
export function LayerKindField({ id, registration, error }: FieldProps) {
  return (
    <FormField id={id} label="Kind" error={error}>
      <NativeSelect id={id} {...fieldAria(id, error)} {...registration}>
        {MAP_LAYER_KINDS.map((value) => (
          <option key={value} value={value}>
            {MAP_LAYER_KIND_LABELS[value]}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/** When the layer was flown, and a multispectral layer's band names in file order. */
export function LayerCaptureFields({ capturedAt, bands, multispectral }: { capturedAt: FieldProps; bands: FieldProps; multispectral: boolean }) {
  return (
    <>
      <InputField id={capturedAt.id} label="Captured on" type="date" error={capturedAt.error} registration={capturedAt.registration} />
      {multispectral ? (
        <InputField
          id={bands.id}
          label="Bands"
          placeholder="blue,green,red,rededge,nir"
          autoComplete="off"
          spellCheck={false}
          error={bands.error}
          registration={bands.registration}
        />
      ) : null}
    </>
  );
}
