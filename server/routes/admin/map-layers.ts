import multipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { mapLayerCreatedSchema, mapLayerDeletedSchema } from "@common/contract/map-layers";
import { type MapLayerFields, mapLayerFieldsSchema } from "@common/map-layers";
import { fieldErrorsOf } from "@common/validation";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { answers, success } from "../../http/answers";
import { HttpError } from "../../http/errors";
import { validateGeoTiff } from "../../map-layers/validate-geotiff";
import { assertTakesLayers, deleteLayer } from "../../map-layers/write-layers";
import type { TaskQueue } from "../../queue/queue";
import type { Storage } from "../../storage/storage";
import { writeLayer } from "../../deliverables/write-deliverables";
import { receiveUpload } from "../../uploads/receive-upload";
import { idParams } from "../../http/id-params";

const UPLOAD_DESCRIPTION =
  "multipart/form-data: `kind` (orthomosaic, elevation, multispectral, thermal), `title`, `capturedAt` (optional date), `bands` (a multispectral layer's band names in file order, comma separated), then the GeoTIFF as `file` (up to MAP_LAYER_MAX_MB, 10 GB by default), fields first. " +
  "Answers the layer, queued for processing. 400 names the field (a file that is not a readable GeoTIFF, has no georeference, or whose bands do not match its kind: `file`); 404 for an unknown job, 409 for a cancelled or closed one, 413 over the size limit, 415 for a file that is not a TIFF. A refused upload leaves nothing stored.";

function parseFields(sent: Record<string, string>): MapLayerFields {
  const parsed = mapLayerFieldsSchema.safeParse(sent);
  if (parsed.success) return parsed.data;
  const errors = fieldErrorsOf(parsed.error.issues);
  throw new HttpError(400, Object.values(errors)[0] ?? "Invalid layer", errors);
}

/** An admin's map layers: POST /api/admin/jobs/:id/layers (a GeoTIFF, streamed) and DELETE /api/admin/map-layers/:id. */
export const adminMapLayerRoutes: FastifyPluginAsync<{ db: Database; storage: Storage; queue: Pick<TaskQueue, "send">; rasters: Config["rasters"] }> = async (
  base,
  { db, storage, queue, rasters },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);
  // Here only, as for the other uploads: the plugin's hooks would otherwise run on every request of the site.
  await app.register(multipart, { limits: { fileSize: rasters.maxBytes, files: 1 } });

  /** POST /api/admin/jobs/:id/layers — a GeoTIFF for the job's map, checked by its header here and processed in the background. */
  app.post(
    "/api/admin/jobs/:id/layers",
    { schema: { description: UPLOAD_DESCRIPTION, params: idParams, response: answers({ 201: mapLayerCreatedSchema }) } },
    async (request, reply) => {
      const jobId = request.params.id;
      let fields: MapLayerFields | undefined;
      const upload = await receiveUpload(request, storage, "mapLayer", {
        maxBytes: rasters.maxBytes,
        beforeFile: async (sent) => {
          fields = parseFields(sent);
          await assertTakesLayers(db, jobId);
        },
      });
      try {
        const checked = fields ?? parseFields(upload.fields);
        const { bandCount } = await validateGeoTiff(storage, upload.file.key, upload.file.size, checked, rasters.bounds);
        const layer = await writeLayer(db, queue, { jobId, fields: checked, file: upload.file, bandCount, uploadedBy: currentUser(request).id });
        return reply.code(201).send(success(layer));
      } catch (error) {
        await upload.discard();
        throw error;
      }
    },
  );

  /** DELETE /api/admin/map-layers/:id — the layer, its original and its COG. */
  app.delete(
    "/api/admin/map-layers/:id",
    {
      schema: {
        description: "Deletes the layer with its original file and its COG, whatever its status.",
        params: idParams,
        response: answers({ 200: mapLayerDeletedSchema }),
      },
    },
    async (request) => {
      await deleteLayer(db, storage, request.params.id);
      return { success: true as const, message: "Map layer deleted" };
    },
  );
};
