import type { Readable } from "node:stream";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { fileAnswers } from "../http/answers";
import { HttpError } from "../http/errors";
import { siteImageKeys } from "../site-images/store-image";
import { StoredObjectNotFound, type Storage } from "../storage/storage";

/** `{token}-{width}.webp`, `{token}.jpg` or `{token}-og.jpg` (common/site-images.ts siteImageUrls). */
const FILE = /^([0-9a-f]{32})(?:-(og|[1-9][0-9]{0,3}))?\.(webp|jpg)$/;

/** The stored copy a file name asks for, or undefined for a name no copy has. */
function keyOf(file: string): { key: string; type: string } | undefined {
  const [, token, variant, extension] = FILE.exec(file) ?? [];
  if (!token) return undefined;
  if (extension === "webp") return variant && variant !== "og" ? { key: siteImageKeys.webp(token, Number(variant)), type: "image/webp" } : undefined;
  if (variant === undefined) return { key: siteImageKeys.jpeg(token), type: "image/jpeg" };
  return variant === "og" ? { key: siteImageKeys.og(token), type: "image/jpeg" } : undefined;
}

/** A copy with its type and the year-long cache: its address never names other bytes. */
const sendCopy = (reply: FastifyReply, type: string, body: Readable) =>
  reply.type(type).header("cache-control", "public, max-age=31536000, immutable").send(body);

/**
 * GET /api/site/images/{file} — anyone holding the address: a page picture's copy. A copy never
 * changes under its address (a new upload has a new token), so it is cached for a year. No database
 * read: the token names the stored copies, and a deleted picture's are gone.
 */
export const siteImageRoutes: FastifyPluginAsync<{ storage: Storage }> = async (base, { storage }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/site/images/:file",
    {
      schema: {
        description:
          "Anyone with the address: the token is 128 random bits, so a draft's pictures cannot be listed. `{token}-{width}.webp` (the widths of common/site-images.ts siteImageWidths), `{token}.jpg` or `{token}-og.jpg`; 404 for any other name or a deleted picture.",
        params: z.object({ file: z.string().max(60) }),
        response: fileAnswers,
      },
    },
    async (request, reply) => {
      const copy = keyOf(request.params.file);
      if (!copy) throw new HttpError(404, "No such picture");
      let body: Readable;
      try {
        body = await storage.read(copy.key);
      } catch (error) {
        if (error instanceof StoredObjectNotFound) throw new HttpError(404, "No such picture");
        throw error;
      }
      return sendCopy(reply, copy.type, body);
    },
  );
};
