import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sharedJobSchema, sharePinSchema } from "@common/contract/share-links";
import { pathId, successMessageSchema } from "@common/contract/wire";
import { findingMessages } from "@common/findings";
import { IMAGE_WIDTHS, type ImageWidth } from "@common/uploads";
import { shareApiUrl, shareLinkMessages } from "@common/share-links";
import type { BillingSource } from "../billing/settings";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { answers, fileAnswers } from "../http/answers";
import { DomainError } from "../domain-errors";
import { HttpError } from "../http/errors";
import { idParams } from "../http/id-params";
import { readCrop } from "../findings/read-findings";
import { jobArchive } from "../deliverables/job-archive";
import { zipDisposition } from "../deliverables/zip-entry-names";
import { thumbnailUrl } from "../media/file-urls";
import { sendStoredFile } from "../media/send-file";
import { makeThumbnail, thumbnailKey } from "../media/thumbnails";
import { type MailSite, noticeSender } from "../mail/notice";
import type { TaskQueue } from "../queue/queue";
import { mailLinkDisabled } from "../share-links/disabled-link-mail";
import { assertActive, assertDownloads, assertUnlocked, findLink, isUnlocked, logAccess, openLink, tryPin } from "../share-links/open-links";
import { shapeSharedFindings, sharedDeliverables, sharedFiles, sharedRow } from "../share-links/shared-deliverables";
import { sharedJob } from "../share-links/shared-job";
import { assertSharesPacket, sharedCopy, sharedPacketCopies } from "../share-links/shared-packet";
import { renderCompliancePacket } from "../operator-records/compliance-packet";
import type { Storage } from "../storage/storage";

/** The browser's proof that the PIN was right, sent only to this link's calls (its path holds the token). */
const PIN_COOKIE = "share_pin";
const WHO = "Anyone holding the link, without an account; 404 for an unknown token, 410 once the link has expired or been revoked.";
const LOCKED = "A link with a PIN answers 403 until the PIN was entered (POST /api/share/{token}/pin).";
const VIEW_ONLY = "A view-only link answers 403 to a download.";

const token = z.string().min(1).max(200);
const tokenParams = z.object({ token });
const fileParams = idParams.extend({ token });
const cropParams = z.object({ token, findingId: pathId("findingId"), cropId: pathId("cropId") });
const fileQuery = z.object({ download: z.string().optional() });
const thumbnailQuery = z.object({
  w: z.enum(IMAGE_WIDTHS.map(String) as [string, ...string[]], { message: `w (the width) must be one of ${IMAGE_WIDTHS.join(", ")}` }).optional(),
});
const TIFF = "image/tiff";

const wantsDownload = (request: FastifyRequest): boolean => (request.query as { download?: string }).download === "1";

/** The recipient's page and its calls (docs/decisions/0034-share-links.md): no account, only the link's token. */
export const shareRoutes: FastifyPluginAsync<{
  db: Database;
  storage: Storage;
  queue: Pick<TaskQueue, "send">;
  config: Pick<Config, "secureCookies" | "publicUrl" | "site">;
  site: MailSite;
  billing: BillingSource;
}> = async (base, { db, storage, queue, config, site, billing }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const send = noticeSender(queue, async () => {
    const business = await site.business();
    return { name: business.name, color: business.brandColor };
  });

  /** The admins' mail about a link its wrong PINs closed; a mail that cannot be stored now is stored by the next PIN sent to the link. */
  const tellDisabled = (linkId: number) =>
    mailLinkDisabled(db, send, config.publicUrl, linkId).catch((error: unknown) =>
      app.log.error({ err: error, linkId }, "the closed share link's mail could not be queued"),
    );

  // Nothing of a shared page is for search engines or shared caches.
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/share/")) reply.header("x-robots-tag", "noindex, nofollow");
  });

  /** The active, unlocked link of a file call, with what it shares. */
  const shared = async (request: FastifyRequest, linkToken: string) => {
    const { link, job } = await openLink(db, linkToken);
    assertUnlocked(link, linkToken, request.cookies[PIN_COOKIE]);
    return { link, job, deliverables: await sharedDeliverables(db, link, job) };
  };

  /** Sends a shared file: shown inline to anyone holding the link, saved (?download=1) only where downloads are allowed, and logged then. */
  const sendShared = async (
    request: FastifyRequest,
    reply: FastifyReply,
    linkId: number,
    allowDownload: boolean,
    file: { key: string; contentType: string; title: string; download: boolean },
  ) => {
    if (file.download) {
      assertDownloads({ allowDownload });
      await logAccess(db, linkId, request.ip, "downloaded", file.title);
    }
    return sendStoredFile(request, reply, storage, { key: file.key, contentType: file.contentType, title: file.title, isPublic: false });
  };

  /** GET /api/share/:token — what the link shares, or that a PIN is needed; each answer with content is logged as an opening. */
  app.get(
    "/api/share/:token",
    {
      schema: {
        description: `${WHO} With a PIN not yet entered: \`locked: true\` and the expiry only. Otherwise the job's title, site boundary (when the site map is shared), reports, media and ready map layers as shared, each file at the link's own address; \`findings\` when the link shares them (those the job's customer sees, never a candidate or a dismissed one: class, severity, status, locator, point or area, readings, note, and \`images\`: the crops at GET /api/share/{token}/findings/{findingId}/images/{cropId}, and the photos attached that the link shares too, at its media address), else null; \`compliancePacket\` when an admin chose to share it (the packet's address and the scanned copies it names), else null; and the ZIP's address where downloads are allowed; logged as an opening.`,
        params: tokenParams,
        response: answers({ 200: sharedJobSchema }),
      },
    },
    async (request, reply) => {
      const found = await openLink(db, request.params.token);
      const { link, job } = found;
      reply.header("cache-control", "private, no-store");
      if (!isUnlocked(link, request.params.token, request.cookies[PIN_COOKIE])) return { locked: true as const, expiresAt: link.expiresAt };
      const [deliverables, packet] = await Promise.all([sharedDeliverables(db, link, job), sharedPacketCopies(db, billing, link, job.id)]);
      const findings = await shapeSharedFindings(db, request.params.token, deliverables);
      await logAccess(db, link.id, request.ip, "opened");
      return sharedJob(request.params.token, found, deliverables, findings, packet);
    },
  );

  /** POST /api/share/:token/pin — a right PIN gives the browser the link's proof, as a cookie for this link's calls only. */
  app.post(
    "/api/share/:token/pin",
    {
      schema: {
        description: `${WHO} A wrong PIN is 403 (errors.pin) and goes to the link's access log. Guessing is held back in the database (docs/decisions/0044-share-link-pins.md): an address with too many wrong PINs across links, or one that has entered a wrong PIN on this link within the link's back-off, gets 429 with how long to wait (Retry-After) and no PIN is tried; an address with no wrong PIN on the link is always tried. The link's last allowed wrong PIN closes it (410, and its admins are mailed). A right PIN sets an HttpOnly cookie for this link's calls. A link without a PIN needs none.`,
        params: tokenParams,
        body: sharePinSchema,
        response: answers({ 200: successMessageSchema }),
      },
    },
    async (request, reply) => {
      const { link } = await findLink(db, request.params.token);
      if (link.disabledAt && !link.revokedAt) await tellDisabled(link.id);
      assertActive(link);
      const answer = await tryPin(db, link, request.params.token, request.body.pin, request.ip);
      if (answer.outcome === "wrong") throw new DomainError("forbidden", shareLinkMessages.wrongPin, { pin: shareLinkMessages.wrongPin });
      if (answer.outcome === "wait") {
        reply.header("retry-after", String(answer.seconds));
        throw new DomainError("too-many", shareLinkMessages.tooManyPins(answer.seconds));
      }
      if (answer.outcome === "disabled") {
        await tellDisabled(link.id);
        throw new DomainError("gone", shareLinkMessages.disabled);
      }
      if (answer.proof !== null) {
        const maxAge = Math.max(1, Math.floor((link.expiresAt.getTime() - Date.now()) / 1000));
        reply.setCookie(PIN_COOKIE, answer.proof, {
          path: shareApiUrl(request.params.token),
          httpOnly: true,
          sameSite: "lax",
          secure: config.secureCookies,
          maxAge,
        });
      }
      return { success: true as const, message: "PIN accepted" };
    },
  );

  /** GET /api/share/:token/reports/:id — a shared report; ?download=1 saves it. */
  app.get(
    "/api/share/:token/reports/:id",
    {
      schema: {
        description: `${WHO} ${LOCKED} A report the link shares (404 otherwise), with Range; ?download=1 saves it and is logged. ${VIEW_ONLY}`,
        params: fileParams,
        querystring: fileQuery,
        response: fileAnswers,
      },
    },
    async (request, reply) => {
      const { link, deliverables } = await shared(request, request.params.token);
      const row = sharedRow(deliverables.reports, request.params.id);
      return sendShared(request, reply, link.id, link.allowDownload, {
        key: row.storageKey,
        contentType: row.contentType,
        title: row.title,
        download: wantsDownload(request),
      });
    },
  );

  /** GET /api/share/:token/media/:id — a shared photo or video (videos seek by Range); ?download=1 saves it. */
  app.get(
    "/api/share/:token/media/:id",
    {
      schema: {
        description: `${WHO} ${LOCKED} A media file the link shares (404 otherwise), with Range so videos seek; ?download=1 saves it and is logged. ${VIEW_ONLY}`,
        params: fileParams,
        querystring: fileQuery,
        response: fileAnswers,
      },
    },
    async (request, reply) => {
      const { link, deliverables } = await shared(request, request.params.token);
      const row = sharedRow(deliverables.media, request.params.id);
      return sendShared(request, reply, link.id, link.allowDownload, {
        key: row.storageKey,
        contentType: row.fileType,
        title: row.title,
        download: wantsDownload(request),
      });
    },
  );

  /** GET /api/share/:token/media/:id/thumbnail — a WebP of a shared image, as the gallery's. */
  app.get(
    "/api/share/:token/media/:id/thumbnail",
    {
      schema: {
        description: `${WHO} ${LOCKED} A WebP of a shared image at ?w= pixels wide (404 for anything else).`,
        params: fileParams,
        querystring: thumbnailQuery,
        response: fileAnswers,
      },
    },
    async (request, reply) => {
      const { deliverables } = await shared(request, request.params.token);
      const row = sharedRow(deliverables.media, request.params.id);
      if (!thumbnailUrl(row)) throw new HttpError(404, "File not found");
      const width = Number(request.query.w ?? IMAGE_WIDTHS[0]) as ImageWidth;
      const key = thumbnailKey(row.id, width);
      if (!(await storage.stat(key))) await makeThumbnail(storage, row.storageKey, key, width);
      return sendStoredFile(request, reply, storage, { key, contentType: "image/webp", title: row.title, isPublic: false });
    },
  );

  /** GET /api/share/:token/media/:id/poster — a shared video's poster frame. */
  app.get(
    "/api/share/:token/media/:id/poster",
    {
      schema: {
        description: `${WHO} ${LOCKED} The poster frame (JPEG) of a shared video, once made (404 otherwise, and for anything not shared).`,
        params: fileParams,
        response: fileAnswers,
      },
    },
    async (request, reply) => {
      const { deliverables } = await shared(request, request.params.token);
      const row = sharedRow(deliverables.media, request.params.id);
      if (row.posterKey === null) throw new HttpError(404, "File not found");
      return sendStoredFile(request, reply, storage, { key: row.posterKey, contentType: "image/jpeg", title: row.title, isPublic: false });
    },
  );

  /** GET /api/share/:token/findings/:findingId/images/:cropId — a shared finding's crop, as its `images` name it. */
  app.get(
    "/api/share/:token/findings/:findingId/images/:cropId",
    {
      schema: {
        description: `${WHO} ${LOCKED} A crop of a finding the link shares (PNG for a thermal crop, JPEG for a visual one), shown inline: 404 when the link does not share findings, for a finding of another job (another link's token reads its own job only), a candidate or a dismissed finding, a crop of another finding, or one that could not be made.`,
        params: cropParams,
        response: fileAnswers,
      },
    },
    async (request, reply) => {
      const { deliverables } = await shared(request, request.params.token);
      // Only the findings the link shows: those its job's customer sees, once the job is delivered (sharedDeliverables).
      const finding = deliverables.findings?.find((row) => row.id === request.params.findingId);
      const crop = finding ? await readCrop(db, finding.id, request.params.cropId) : null;
      if (!crop?.storageKey) throw new DomainError("not-found", findingMessages.imageNotFound);
      return sendStoredFile(request, reply, storage, {
        key: crop.storageKey,
        contentType: crop.contentType,
        title: `finding-${crop.findingId}-${crop.kind}`,
        isPublic: false,
      });
    },
  );

  /** GET /api/share/:token/layers/:id/cog — a shared layer's COG, read by the map by Range. */
  app.get(
    "/api/share/:token/layers/:id/cog",
    {
      schema: {
        description: `${WHO} ${LOCKED} The Cloud Optimized GeoTIFF the map draws, by Range: viewing, so view-only links serve it too; ?download=1 saves it and is logged. ${VIEW_ONLY}`,
        params: fileParams,
        querystring: fileQuery,
        response: fileAnswers,
      },
    },
    async (request, reply) => {
      const { link, deliverables } = await shared(request, request.params.token);
      const row = sharedRow(deliverables.layers, request.params.id);
      if (row.cogKey === null) throw new HttpError(404, "This layer is not processed yet");
      return sendShared(request, reply, link.id, link.allowDownload, {
        key: row.cogKey,
        contentType: TIFF,
        title: `${row.title} COG`,
        download: wantsDownload(request),
      });
    },
  );

  /** GET /api/share/:token/layers/:id/original — a shared layer's GeoTIFF as uploaded: a download. */
  app.get(
    "/api/share/:token/layers/:id/original",
    { schema: { description: `${WHO} ${LOCKED} The layer's original file, saved; logged. ${VIEW_ONLY}`, params: fileParams, response: fileAnswers } },
    async (request, reply) => {
      const { link, deliverables } = await shared(request, request.params.token);
      const row = sharedRow(deliverables.layers, request.params.id);
      assertDownloads(link);
      await logAccess(db, link.id, request.ip, "downloaded", row.originalName);
      return sendStoredFile(request, reply, storage, {
        key: row.originalKey,
        contentType: TIFF,
        title: row.title,
        isPublic: false,
        attachmentName: row.originalName,
      });
    },
  );

  /** The active, unlocked link of a packet call, if it shares the packet (404 otherwise). */
  const packetLink = async (request: FastifyRequest, linkToken: string) => {
    const { link, job } = await openLink(db, linkToken);
    assertUnlocked(link, linkToken, request.cookies[PIN_COOKIE]);
    assertSharesPacket(link);
    return { link, job };
  };

  /** GET /api/share/:token/compliance.pdf — the job's compliance packet, made now from the records as they stand. */
  app.get(
    "/api/share/:token/compliance.pdf",
    {
      schema: {
        description: `${WHO} ${LOCKED} The job's compliance packet as a PDF (as GET /api/admin/jobs/{id}/compliance.pdf makes it), when an admin chose to share it (404 otherwise): shown inline; ?download=1 saves it and is logged. ${VIEW_ONLY}`,
        params: tokenParams,
        querystring: fileQuery,
        response: {
          ...answers({}),
          200: { description: "The compliance packet as a PDF", content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } } },
        },
      },
    },
    async (request, reply) => {
      const { link, job } = await packetLink(request, request.params.token);
      const download = wantsDownload(request);
      if (download) {
        assertDownloads(link);
        await logAccess(db, link.id, request.ip, "downloaded", "the compliance packet (PDF)");
      }
      const { pdf, fileName } = await renderCompliancePacket(db, storage, job.id, await billing());
      // The PDF's bytes as they are: the 200 is described for the API document, never serialized.
      return reply
        .type("application/pdf")
        .header("content-disposition", `${download ? "attachment" : "inline"}; filename="${fileName}"`)
        .header("cache-control", "private, no-store")
        .send(pdf as never);
    },
  );

  /** GET /api/share/:token/compliance/copies/:id — a scanned copy the shared packet names. */
  app.get(
    "/api/share/:token/compliance/copies/:id",
    {
      schema: {
        description: `${WHO} ${LOCKED} A scanned copy (PDF, JPEG or PNG) of a certificate or a policy the shared compliance packet names (404 for any other, or when the link does not share the packet), with Range; ?download=1 saves it and is logged. ${VIEW_ONLY}`,
        params: fileParams,
        querystring: fileQuery,
        response: fileAnswers,
      },
    },
    async (request, reply) => {
      const { link, job } = await packetLink(request, request.params.token);
      const copy = sharedCopy((await sharedPacketCopies(db, billing, link, job.id)) ?? [], request.params.id);
      return sendShared(request, reply, link.id, link.allowDownload, {
        key: copy.storageKey,
        contentType: copy.contentType,
        title: `${copy.record} scanned copy`,
        download: wantsDownload(request),
      });
    },
  );

  /** GET /api/share/:token/download.zip — everything the link shares as one ZIP (docs/decisions/0031-job-zip-downloads.md). */
  app.get(
    "/api/share/:token/download.zip",
    {
      schema: {
        description: `${WHO} ${LOCKED} Everything the link shares as one ZIP, built while it is sent, named after the job, with findings.csv (the findings export's columns, its image links the link's own) and each finding's crops in \`findings/\` when the link shares findings and there are any; logged. ${VIEW_ONLY}`,
        params: tokenParams,
        response: {
          ...answers({}),
          200: { description: "The ZIP, streamed", content: { "application/zip": { schema: z.string().meta({ format: "binary" }) } } },
        },
      },
    },
    async (request, reply) => {
      const { link, job, deliverables } = await shared(request, request.params.token);
      assertDownloads(link);
      await logAccess(db, link.id, request.ip, "downloaded", "all shared files (ZIP)");
      const raw: FastifyReply = reply;
      return raw
        .type("application/zip")
        .header("content-disposition", zipDisposition(job))
        .header("cache-control", "private, no-store")
        .send(jobArchive(storage, await sharedFiles(db, request.params.token, deliverables, config.publicUrl)));
    },
  );
};
