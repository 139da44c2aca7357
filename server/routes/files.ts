import { eq } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { IMAGE_WIDTHS, type ImageWidth } from "@common/uploads";
import type { Database } from "../db/client";
import { jobs, media, reports } from "../db/schema";
import { fileAnswers } from "../http/answers";
import { HttpError } from "../http/errors";
import { idParams } from "../http/id-params";
import { isPublishedState } from "../jobs/read-jobs";
import { thumbnailUrl } from "../media/file-urls";
import { sendStoredFile } from "../media/send-file";
import { makeThumbnail, thumbnailKey } from "../media/thumbnails";
import type { Storage } from "../storage/storage";

const query = z.object({ download: z.string().optional() });
const thumbnailQuery = query.extend({
  w: z.enum(IMAGE_WIDTHS.map(String) as [string, ...string[]], { message: `w (the width) must be one of ${IMAGE_WIDTHS.join(", ")}` }).optional(),
});
const NOT_FOUND = "File not found";
const OWNER_OR_GALLERY = "Anyone for a gallery item; otherwise its owner and the admins (anyone else gets 404, a visitor 401).";

/**
 * The owner and admins may read a private file; a visitor must log in; anyone else sees nothing.
 * A file made for a job is also its pilot's, and its customer's only once the job is delivered.
 */
async function assertMayRead(db: Database, request: FastifyRequest, file: { userId: number; jobId: number | null }): Promise<void> {
  const user = request.user;
  if (!user) throw new HttpError(401, "Please log in to view this file");
  if (user.role === "admin") return;
  if (file.jobId === null) {
    if (user.id !== file.userId) throw new HttpError(404, NOT_FOUND);
    return;
  }
  const [job] = await db.select({ pilotId: jobs.pilotId, status: jobs.status }).from(jobs).where(eq(jobs.id, file.jobId));
  const mayRead = job !== undefined && (job.pilotId === user.id || (user.id === file.userId && isPublishedState(job.status)));
  if (!mayRead) throw new HttpError(404, NOT_FOUND);
}

export const fileRoutes: FastifyPluginAsync<{ db: Database; storage: Storage }> = async (base, { db, storage }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/reports/:id/file — the owner and admins. */
  app.get(
    "/api/reports/:id/file",
    {
      schema: {
        description: "Its owner and the admins see it; anyone else gets 404, a visitor 401.",
        params: idParams,
        querystring: query,
        response: fileAnswers,
      },
    },
    async (request, reply) => {
      const [report] = await db.select().from(reports).where(eq(reports.id, request.params.id));
      if (!report) throw new HttpError(404, NOT_FOUND);
      await assertMayRead(db, request, report);
      return sendStoredFile(request, reply, storage, { key: report.storageKey, contentType: report.contentType, title: report.title, isPublic: false });
    },
  );

  /** GET /api/media/:id/file — anyone for a gallery item; otherwise the owner and admins. */
  app.get(
    "/api/media/:id/file",
    { schema: { description: OWNER_OR_GALLERY, params: idParams, querystring: query, response: fileAnswers } },
    async (request, reply) => {
      const [item] = await db.select().from(media).where(eq(media.id, request.params.id));
      if (!item) throw new HttpError(404, NOT_FOUND);
      if (!item.isGalleryItem) await assertMayRead(db, request, item);
      return sendStoredFile(request, reply, storage, { key: item.storageKey, contentType: item.fileType, title: item.title, isPublic: item.isGalleryItem });
    },
  );

  /** GET /api/media/:id/poster — as the file: a video's poster frame (JPEG), once the poster task made one. */
  app.get(
    "/api/media/:id/poster",
    { schema: { description: `${OWNER_OR_GALLERY} 404 for a video without a poster (yet) and for other types.`, params: idParams, response: fileAnswers } },
    async (request, reply) => {
      const [item] = await db.select().from(media).where(eq(media.id, request.params.id));
      if (!item) throw new HttpError(404, NOT_FOUND);
      if (!item.isGalleryItem) await assertMayRead(db, request, item);
      if (item.posterKey === null) throw new HttpError(404, NOT_FOUND);
      return sendStoredFile(request, reply, storage, { key: item.posterKey, contentType: "image/jpeg", title: item.title, isPublic: item.isGalleryItem });
    },
  );

  /**
   * GET /api/media/:id/thumbnail[?w=480|960|1600] — as the file: a WebP of an image at that width
   * (never wider than the original), made once.
   */
  app.get(
    "/api/media/:id/thumbnail",
    { schema: { description: OWNER_OR_GALLERY, params: idParams, querystring: thumbnailQuery, response: fileAnswers } },
    async (request, reply) => {
      const [item] = await db.select().from(media).where(eq(media.id, request.params.id));
      if (!item || !thumbnailUrl(item)) throw new HttpError(404, NOT_FOUND);
      if (!item.isGalleryItem) await assertMayRead(db, request, item);
      const width = Number(request.query.w ?? IMAGE_WIDTHS[0]) as ImageWidth;
      const key = thumbnailKey(item.id, width);
      if (!(await storage.stat(key))) {
        try {
          await makeThumbnail(storage, item.storageKey, key, width);
        } catch (error) {
          request.log.warn({ err: error, mediaId: item.id }, "thumbnail could not be made");
          throw new HttpError(415, "No thumbnail can be made of this image");
        }
      }
      return sendStoredFile(request, reply, storage, { key, contentType: "image/webp", title: item.title, isPublic: item.isGalleryItem });
    },
  );
};
