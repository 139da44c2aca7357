import multipart from "@fastify/multipart";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { siteLayoutDeletedSchema, siteLayoutImportedSchema } from "@common/contract/site-layouts";
import { LAYOUT_MAX_BYTES, LAYOUT_MAX_DISTANCE_KM, siteLayoutMessages } from "@common/site-layout";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { answers } from "../../http/answers";
import { HttpError } from "../../http/errors";
import { idParams } from "../../http/id-params";
import { deleteLayout, importLayout } from "../../map-layers/site-layout";
import { isMalformedMultipart, isTooLarge } from "../../uploads/receive-upload";

const IMPORT_DESCRIPTION =
  `Admins only (403 for anyone else signed in, 401 for a visitor), as map layers are uploaded. multipart/form-data: \`file\`, a GeoJSON FeatureCollection of Polygons or MultiPolygons, or a KML of Placemarks with Polygons, up to ${LAYOUT_MAX_BYTES / 1024 / 1024} MB. ` +
  "Each feature's locator is built from its properties (block, inverter, combiner, row, table, string: `Block A / Row 12 / String 3`), else its name or id (a field's name). The layout replaces the job's previous one; the customer's later jobs whose site it overlaps use it too. " +
  `Findings created, imported or detected inside a feature afterwards take its locator when they have none. 400 names the reason in \`file\`: not GeoJSON or KML, no polygons, or lying more than ${LAYOUT_MAX_DISTANCE_KM} km outside the job's site (its boundary, else its site's point, else its layers); nothing is stored. 404 for an unknown job, 409 for a cancelled or closed one, 413 over the size.`;

/** The form's `file`, read whole: a layout is parsed at once, and a refused one leaves nothing behind. */
async function readLayoutForm(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new HttpError(415, "Send the layout as multipart/form-data, in the field file");
  let file: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: LAYOUT_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type === "field") continue;
      if (part.fieldname !== "file") {
        part.file.resume();
        continue;
      }
      file = { name: part.filename || "layout", bytes: await part.toBuffer() };
    }
  } catch (error) {
    if (isTooLarge(error)) throw new HttpError(413, `The layout file exceeds ${LAYOUT_MAX_BYTES / 1024 / 1024} MB`);
    if (isMalformedMultipart(error)) throw new HttpError(400, "The upload is not a well-formed multipart/form-data body");
    throw error;
  }
  if (!file || file.bytes.length === 0) throw new HttpError(400, siteLayoutMessages.file, { file: siteLayoutMessages.file });
  return file;
}

/** An admin's site layouts: POST and DELETE /api/admin/jobs/:id/site-layout (docs/decisions/0071-site-layouts.md). */
export const adminSiteLayoutRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);
  await app.register(multipart, { limits: { fileSize: LAYOUT_MAX_BYTES, files: 1 } });

  app.post(
    "/api/admin/jobs/:id/site-layout",
    { schema: { description: IMPORT_DESCRIPTION, params: idParams, response: answers({ 201: siteLayoutImportedSchema }) } },
    async (request, reply) => {
      const file = await readLayoutForm(request);
      const layout = await importLayout(db, currentUser(request), request.params.id, file);
      const count = layout.features.length;
      return reply.code(201).send({ success: true as const, message: `Site layout imported: ${count} polygon${count === 1 ? "" : "s"}`, data: layout });
    },
  );

  app.delete(
    "/api/admin/jobs/:id/site-layout",
    {
      schema: {
        description: "Admins only. Deletes the layout imported onto this job (404 when it has none of its own); findings keep the locators they took from it.",
        params: idParams,
        response: answers({ 200: siteLayoutDeletedSchema }),
      },
    },
    async (request) => {
      await deleteLayout(db, request.params.id);
      return { success: true as const, message: siteLayoutMessages.deleted };
    },
  );
};
