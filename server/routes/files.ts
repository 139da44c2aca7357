import { eq } from "drizzle-orm";
import { pipeline } from "node:stream";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import sharp from "sharp";
import { z } from "zod";
import { IMAGE_WIDTHS, type ImageWidth } from "@common/uploads";
import type { Database } from "../db/client";
import { media, reports } from "../db/schema";
import { HttpError } from "../plugins/errors";
import { sendStoredFile } from "../storage/send-file";
import type { Storage } from "../storage/storage";

/** Files are never public by path: each is served by id with an ownership check (DESIGN §4). */
export const reportFileUrl = (id: number): string => `/api/reports/${id}/file`;
export const mediaFileUrl = (id: number): string => `/api/media/${id}/file`;

/**
 * Images get WebP copies at IMAGE_WIDTHS (480 px unless `?w=` asks for another), each made on first
 * request and kept in storage; other types have none.
 */
export const thumbnailUrl = (item: { id: number; fileType: string }): string | null =>
  item.fileType.startsWith("image/") ? `/api/media/${item.id}/thumbnail` : null;
/** The 480 px copy keeps the key it had before there were other widths. */
export const thumbnailKey = (id: number, width: ImageWidth = IMAGE_WIDTHS[0]): string =>
  width === IMAGE_WIDTHS[0] ? `thumbnails/${id}.webp` : `thumbnails/${id}-${width}.webp`;
/** Every copy an image may have, for deleting it. */
export const thumbnailKeys = (id: number): string[] => IMAGE_WIDTHS.map((width) => thumbnailKey(id, width));

const params = z.object({ id: z.coerce.number().int().positive() });
const query = z.object({ download: z.string().optional() });
const thumbnailQuery = query.extend({
  w: z.enum(IMAGE_WIDTHS.map(String) as [string, ...string[]], { message: `w (the width) must be one of ${IMAGE_WIDTHS.join(", ")}` }).optional(),
});
const NOT_FOUND = "File not found";

/** The owner and admins may read a private file; a visitor must log in; anyone else sees nothing. */
function assertMayRead(request: FastifyRequest, ownerId: number): void {
  const user = request.user;
  if (!user) throw new HttpError(401, "Please log in to view this file");
  if (user.role !== "admin" && user.id !== ownerId) throw new HttpError(404, NOT_FOUND);
}

export const fileRoutes: FastifyPluginAsync<{ db: Database; storage: Storage }> = async (base, { db, storage }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/reports/:id/file — the owner and admins. */
  app.get("/api/reports/:id/file", { schema: { params, querystring: query } }, async (request, reply) => {
    const [report] = await db.select().from(reports).where(eq(reports.id, request.params.id));
    if (!report) throw new HttpError(404, NOT_FOUND);
    assertMayRead(request, report.userId);
    return sendStoredFile(request, reply, storage, { key: report.storageKey, contentType: report.contentType, title: report.title, isPublic: false });
  });

  /** GET /api/media/:id/file — anyone for a gallery item; otherwise the owner and admins. */
  app.get("/api/media/:id/file", { schema: { params, querystring: query } }, async (request, reply) => {
    const [item] = await db.select().from(media).where(eq(media.id, request.params.id));
    if (!item) throw new HttpError(404, NOT_FOUND);
    if (!item.isGalleryItem) assertMayRead(request, item.userId);
    return sendStoredFile(request, reply, storage, { key: item.storageKey, contentType: item.fileType, title: item.title, isPublic: item.isGalleryItem });
  });

  /**
   * GET /api/media/:id/thumbnail[?w=480|960|1600] — as the file: a WebP of an image at that width
   * (never wider than the original), made once.
   */
  app.get("/api/media/:id/thumbnail", { schema: { params, querystring: thumbnailQuery } }, async (request, reply) => {
    const [item] = await db.select().from(media).where(eq(media.id, request.params.id));
    if (!item || !thumbnailUrl(item)) throw new HttpError(404, NOT_FOUND);
    if (!item.isGalleryItem) assertMayRead(request, item.userId);
    const width = Number(request.query.w ?? IMAGE_WIDTHS[0]) as ImageWidth;
    const key = thumbnailKey(item.id, width);
    if (!(await storage.stat(key))) {
      const resize = sharp({ failOn: "none" }).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 75 });
      try {
        // pipeline, not pipe: an original that fails midway (a dropped bucket connection) must fail
        // the put through the resizer, not leave it waiting for bytes forever.
        await storage.put(key, pipeline(await storage.read(item.storageKey), resize, () => undefined));
      } catch (error) {
        request.log.warn({ err: error, mediaId: item.id }, "thumbnail could not be made");
        throw new HttpError(415, "No thumbnail can be made of this image");
      }
    }
    return sendStoredFile(request, reply, storage, { key, contentType: "image/webp", title: item.title, isPublic: item.isGalleryItem });
  });
};
