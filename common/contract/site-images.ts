import { z } from "zod";
import { id, isoDate, listOf, successMessageOf, successMessageSchema } from "./wire";

/** An uploaded picture for the public pages (docs/decisions/0065-page-images.md). */
const siteImageSchema = z.object({
  id,
  /** Its public addresses' part (common/site-images.ts siteImageUrls); a page's document names the picture by it. */
  token: z.string(),
  /** The uploaded file's format, as its content said. */
  format: z.enum(["jpeg", "png", "webp"]),
  /** Upright, in pixels. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The uploaded file's size in bytes. */
  bytes: z.number().int().positive(),
  fileName: z.string(),
  uploadedAt: isoDate,
  /** The pages whose draft or live version shows it in the hero. */
  usedOn: z.array(z.object({ key: z.string(), route: z.string(), draft: z.boolean(), published: z.boolean() })),
});
export type SiteImage = z.input<typeof siteImageSchema>;

/** GET /api/admin/site-images: newest first. */
export const siteImageListSchema = listOf(siteImageSchema);

/** POST /api/admin/site-images: the picture as stored. */
export const siteImageSavedSchema = successMessageOf(siteImageSchema);

/** DELETE /api/admin/site-images/:id. */
export const siteImageDeletedSchema = successMessageSchema;
