import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { mapLayerListSchema, siteAreaSchema } from "@common/contract/map-layers";
import { siteLayoutAnswerSchema } from "@common/contract/site-layouts";
import { siteBoundarySchema } from "@common/site-boundary";
import { currentUser, requireUser } from "../auth/session-hook";
import type { Database } from "../db/client";
import type { User } from "../db/schema";
import { answers, fileAnswers, success } from "../http/answers";
import { HttpError } from "../http/errors";
import { findReadableLayer, listLayers, publicLayer } from "../map-layers/read-layers";
import { saveSiteBoundary } from "../map-layers/site-boundary";
import { readLayout } from "../map-layers/site-layout";
import { sendStoredFile } from "../media/send-file";
import type { Storage } from "../storage/storage";
import { idParams } from "../http/id-params";

const fileQuery = z.object({ download: z.string().optional() });

const LAYER_READERS =
  "The job's admins and its pilot see every layer; its customer sees the ready ones once the job is delivered (before that, none). Anyone else gets 404, a visitor 401.";
const FILE_READERS =
  "The job's admins and its pilot; its customer once the layer is ready and the job delivered. Anyone else gets 404, a visitor too: to them a layer's file does not exist. Served with Range (a COG is read in parts); ?download=1 saves it as a file.";

/** A visitor is told of a layer's file what anyone else is: nothing is there. */
function fileReader(request: FastifyRequest): User {
  if (!request.user) throw new HttpError(404, "File not found");
  return request.user;
}
const TIFF = "image/tiff";

/**
 * A job's map (docs/decisions/0027-map-layers.md): GET /api/jobs/:id/layers, the layers' files
 * (original and COG, with Range) and PUT /api/jobs/:id/site-boundary.
 */
export const mapLayerRoutes: FastifyPluginAsync<{ db: Database; storage: Storage }> = async (base, { db, storage }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/jobs/:id/layers — the job's layers the caller may see, oldest first. */
  app.get(
    "/api/jobs/:id/layers",
    { preValidation: requireUser, schema: { description: `${LAYER_READERS} Oldest first.`, params: idParams, response: answers({ 200: mapLayerListSchema }) } },
    async (request) => {
      const rows = await listLayers(db, currentUser(request), request.params.id);
      return success(rows.map(publicLayer));
    },
  );

  /** GET /api/jobs/:id/site-layout — the site's layout as GeoJSON (docs/decisions/0071-site-layouts.md). */
  app.get(
    "/api/jobs/:id/site-layout",
    {
      preValidation: requireUser,
      schema: {
        description:
          "Read as the job's layers are: its admins and its pilot at any time, its customer once the job is delivered (before that, no features); anyone else gets 404, a visitor 401. A GeoJSON FeatureCollection of Polygons and MultiPolygons, each with `properties.locator`: the layout imported onto this job, else the customer's newest layout from another job overlapping this job's site; no features when there is none.",
        params: idParams,
        response: answers({ 200: siteLayoutAnswerSchema }),
      },
    },
    async (request) => success(await readLayout(db, currentUser(request), request.params.id)),
  );

  /** GET /api/map-layers/:id/cog — the processed Cloud Optimized GeoTIFF; 404 until the layer is ready. */
  app.get(
    "/api/map-layers/:id/cog",
    { schema: { description: `${FILE_READERS} 404 until the layer is ready.`, params: idParams, querystring: fileQuery, response: fileAnswers } },
    async (request, reply) => {
      const layer = await findReadableLayer(db, fileReader(request), request.params.id);
      if (layer.status !== "ready" || layer.cogKey === null) throw new HttpError(404, "This layer is not processed yet");
      return sendStoredFile(request, reply, storage, { key: layer.cogKey, contentType: TIFF, title: `${layer.title} COG`, isPublic: false });
    },
  );

  /** GET /api/map-layers/:id/original — the GeoTIFF as it was uploaded. */
  app.get(
    "/api/map-layers/:id/original",
    { schema: { description: FILE_READERS, params: idParams, querystring: fileQuery, response: fileAnswers } },
    async (request, reply) => {
      const layer = await findReadableLayer(db, fileReader(request), request.params.id);
      return sendStoredFile(request, reply, storage, { key: layer.originalKey, contentType: TIFF, title: layer.title, isPublic: false });
    },
  );

  /** PUT /api/jobs/:id/site-boundary — the site as a GeoJSON Polygon; answers its geodesic area. */
  app.put(
    "/api/jobs/:id/site-boundary",
    {
      preValidation: requireUser,
      schema: {
        description:
          "The job's customer while the job is requested (409 after that), and the admins at any time; anyone else gets 404, a visitor 401. The body is a GeoJSON Polygon of WGS84 [longitude, latitude] corners; the answer is its geodesic area.",
        params: idParams,
        body: siteBoundarySchema,
        response: answers({ 200: siteAreaSchema }),
      },
    },
    async (request) => saveSiteBoundary(db, currentUser(request), request.params.id, request.body),
  );
};
