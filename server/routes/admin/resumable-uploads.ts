import { MemoryLocker, Server, type Locker } from "@tus/server";
import type { IncomingMessage } from "node:http";
import { Readable, Transform } from "node:stream";
import type { ReadableStream } from "node:stream/web";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { mapLayerCreatedSchema } from "@common/contract/map-layers";
import { mediaItemAnswerSchema } from "@common/contract/media";
import { reportCreatedSchema } from "@common/contract/reports";
import { TUS_METADATA_FIELDS, UPLOAD_ENDPOINT } from "@common/tus-uploads";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import type { User } from "../../db/schema";
import { DomainError } from "../../domain-errors";
import { answers } from "../../http/answers";
import { httpErrorOf } from "../../http/errors";
import { PostgresLocker } from "../../uploads/tus/postgres-locker";
import { checkNewUpload, completeUpload, folderOf, type ResumableUploadsContext } from "../../deliverables/resumable-uploads";

const uploadParams = z.object({ id: z.string().max(100) });

// Described for the API document, never serialized: tus writes its own answers (the others are named in the descriptions).
const FINAL_PATCH_ANSWERS = {
  ...answers({}),
  200: {
    description: "The final PATCH: the row the file became, as its multipart route answers it (other PATCHes: 204 and `Upload-Offset`)",
    content: { "application/json": { schema: z.union([reportCreatedSchema, mediaItemAnswerSchema, mapLayerCreatedSchema]) } },
  },
};

const METADATA = Object.entries(TUS_METADATA_FIELDS)
  .map(([kind, fields]) => `\`${kind}\`: ${fields.join(", ")}`)
  .join("; ");

const DESCRIPTIONS = {
  create:
    `tus 1.0.0 creation (https://tus.io/protocols/resumable-upload): \`Tus-Resumable: 1.0.0\`, \`Upload-Length\` (required; deferred length is refused with 400) and \`Upload-Metadata\` with \`kind\` (report, media, gallery, layer, job-report, job-media), \`filename\`, \`filetype\` and the fields of the kind's multipart form (${METADATA}). ` +
    "Checked before a byte is stored: 400 `{ message, errors }` naming the field, 413 over the kind's size limit (10 MB reports, 1000 MB media, gallery and a job's reports and media, MAP_LAYER_MAX_MB layers), 404/409 for the unknown or settled job of a layer or a job's report or media (whose customer and service are the job's). Answers 201 with `Location: /api/uploads/{id}` and `Upload-Expires` (UPLOAD_EXPIRY_HOURS).",
  offset: "tus 1.0.0 HEAD: the upload's `Upload-Offset` and `Upload-Length`, to resume from there. 404 for an unknown upload, 410 for an expired one.",
  patch:
    "tus 1.0.0 PATCH: `Content-Type: application/offset+octet-stream`, `Upload-Offset` (409 when it is not the stored offset), the bytes from there. Answers 204 with the new `Upload-Offset`, " +
    "except the PATCH that completes the file: its bytes are checked by content (and a layer's GeoTIFF header), kept under their kind's storage key, and it answers 200 `{ success: true, data }` with the same `data` as the multipart route of the kind " +
    "(POST /api/admin/reports, POST /api/admin/media, POST /api/admin/jobs/{id}/layers, POST /api/admin/jobs/{id}/reports, POST /api/admin/jobs/{id}/media). A refused file answers 415 (type) or 400 (`{ message, errors: { file } }`) and is removed whole: no file, no row.",
  terminate: "tus 1.0.0 termination: removes the upload and its bytes; 204.",
  options: "tus 1.0.0 discovery: `Tus-Version`, `Tus-Extension` (creation, creation-with-upload, termination, expiration), `Tus-Max-Size`.",
};

/** The admin of each request, for the tus hooks, which see the raw request and not Fastify's. */
const adminOf = new WeakMap<object, User>();
/** tus hands its hooks the request built below; the Node.js one is inside. */
type TusRequest = { runtime?: { node?: { req: object } } };

/** The requests whose error answer onResponseError wrote (as JSON); tus's own answers before it (412 without Tus-Resumable) are text, wrapped by handle(). */
const jsonErrors = new WeakSet<object>();

function adminOfRequest(req: TusRequest): User {
  const admin = req.runtime?.node ? adminOf.get(req.runtime.node.req) : undefined;
  if (!admin) throw new Error("tus request without its admin");
  return admin;
}

const BATCH_BYTES = 1024 * 1024;

/**
 * A request body in fewer, larger chunks than the socket's 64 KiB: tus reads it as a web stream and
 * back, at a cost per chunk that held a 1 GB upload to a third of the disk's speed. The chunks that
 * arrive together (in one turn of the event loop) go on as one, up to 1 MiB, so a stalled body
 * holds nothing back. A body cut short ends with what it carried, as tus itself does.
 */
function batchedBody(raw: IncomingMessage): ReadableStream<Uint8Array> {
  let held: Buffer[] = [];
  let size = 0;
  let scheduled = false;
  const batches: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      held.push(chunk);
      size += chunk.length;
      if (size >= BATCH_BYTES) release();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (!batches.destroyed) release();
        });
      }
      callback();
    },
    flush(callback) {
      release();
      callback();
    },
  });
  function release(): void {
    if (size > 0) batches.push(Buffer.concat(held, size));
    held = [];
    size = 0;
  }
  raw.pipe(batches);
  raw.once("close", () => {
    if (!raw.complete) batches.end();
  });
  return Readable.toWeb(batches) as ReadableStream<Uint8Array>;
}

export interface ResumableUploadRoutesOptions extends ResumableUploadsContext {
  /** PostgreSQL's URL when several instances may share uploads (their locks are then advisory locks there); unset on PGlite, one process. */
  databaseUrl: string | undefined;
}

/**
 * Resumable uploads (docs/decisions/0036-resumable-uploads.md): tus 1.0.0 at /api/uploads with
 * @tus/server, for every admin upload. Fastify guards each request (401 visitors, 403 customers and
 * pilots) and hands tus a web request built from the Node one; a complete upload becomes the same
 * row as its multipart route's (server/deliverables/resumable-uploads.ts).
 */
export const resumableUploadRoutes: FastifyPluginAsync<ResumableUploadRoutesOptions> = async (app, { databaseUrl, ...context }) => {
  const { store } = context;
  // PGlite belongs to one process, so its instance is the only one: its locks may live in its memory.
  const locker: Locker & { close?(): Promise<void> } = databaseUrl ? new PostgresLocker(databaseUrl) : new MemoryLocker();
  app.addHook("onClose", async () => locker.close?.());

  const tus = new Server({
    path: UPLOAD_ENDPOINT,
    datastore: store.datastore,
    locker,
    // Relative, so the address holds behind any proxy; the id names its kind's folder (uploads/tus/resumable-store.ts).
    generateUrl: (_req, { path, id }) => `${path}/${store.urlIdOf(id)}`,
    getFileIdFromRequest: (_req, lastPath) => (lastPath === undefined ? undefined : store.idOfUrl(lastPath)),
    namingFunction: (_req, metadata) => store.newId(folderOf(metadata)),
    // Finished uploads are rows by then; nothing of theirs is left to terminate.
    disableTerminationForFinishedUploads: true,
    onUploadCreate: async (req, upload) => ({ metadata: await checkNewUpload(context, upload, adminOfRequest(req).id) }),
    onUploadFinish: async (req, upload) => {
      // The PATCH that completed the file has let its lock go: this takes it again, so a repeated final PATCH waits and then finds no upload.
      const lock = locker.newLock(upload.id);
      await lock.lock(new AbortController().signal, () => undefined);
      try {
        const data = await completeUpload(context, upload.id, adminOfRequest(req).id);
        return { status_code: 200, headers: { "Content-Type": "application/json; charset=utf-8" }, body: JSON.stringify({ success: true, data }) };
      } finally {
        await lock.unlock();
      }
    },
    // Every refusal leaves as the API's JSON `{ message, errors? }`, ours and tus's own alike.
    onResponseError: (req, error) => {
      const raw = (req as TusRequest).runtime?.node?.req;
      if (raw) jsonErrors.add(raw);
      if (error instanceof DomainError) {
        const known = httpErrorOf(error);
        return {
          status_code: known.statusCode,
          body: JSON.stringify(known.errors ? { message: known.message, errors: known.errors } : { message: known.message }),
        };
      }
      const status = "status_code" in error ? error.status_code : 500;
      if (status >= 500) app.log.error({ err: error }, "resumable upload failed");
      const message = status >= 500 ? "Something went wrong on our side. Please try again." : ("body" in error ? error.body : error.message).trim();
      return { status_code: status, body: JSON.stringify({ message }) };
    },
  });

  // The bytes of a PATCH (or of a creation that carries some) are read by tus, as they arrive.
  app.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));

  /** Hands the request to tus (as the web request it reads) and sends its answer through Fastify. */
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.raw;
    adminOf.set(raw, currentUser(request));
    const tusRequest = {
      method: request.method,
      url: `${request.protocol}://${request.host}${raw.url ?? ""}`,
      headers: new Headers(
        Object.entries(raw.headers).flatMap(([name, value]) =>
          value === undefined ? [] : [[name, Array.isArray(value) ? value.join(", ") : value] as [string, string]],
        ),
      ),
      body: request.method === "PATCH" || request.method === "POST" ? batchedBody(raw) : null,
      runtime: { name: "node", node: { req: raw, res: reply.raw } },
    };
    const answer = await tus.handleWeb(tusRequest as unknown as Parameters<Server["handleWeb"]>[0]);
    for (const [name, value] of answer.headers) if (name !== "content-length") void reply.header(name, value);
    const text = await answer.text();
    if (answer.status < 400 || request.method === "HEAD") return reply.code(answer.status).send(text);
    // A refusal tus answers before its hooks (412 without Tus-Resumable) is text: it leaves as the API's `{ message }` too.
    void reply.header("content-type", "application/json; charset=utf-8");
    return reply
      .code(answer.status)
      .send(jsonErrors.has(raw) ? text : JSON.stringify({ message: text.trim() || `The upload request was refused (${answer.status})` }));
  };

  // tus's answers go out as the text it wrote: the PATCH's response schema only describes them.
  const guarded = { preValidation: requireAdmin };
  app.route({ method: "POST", url: UPLOAD_ENDPOINT, ...guarded, schema: { description: DESCRIPTIONS.create }, handler: handle });
  app.route({ method: "OPTIONS", url: UPLOAD_ENDPOINT, ...guarded, schema: { description: DESCRIPTIONS.options }, handler: handle });
  app.route({ method: "HEAD", url: `${UPLOAD_ENDPOINT}/:id`, ...guarded, schema: { description: DESCRIPTIONS.offset, params: uploadParams }, handler: handle });
  app.route({
    method: "PATCH",
    url: `${UPLOAD_ENDPOINT}/:id`,
    ...guarded,
    schema: {
      description: `${DESCRIPTIONS.patch} ${DESCRIPTIONS.offset.replace("tus 1.0.0 HEAD", "HEAD on the same address (tus 1.0.0)")}`,
      params: uploadParams,
      response: FINAL_PATCH_ANSWERS,
    },
    handler: handle,
  });
  app.route({
    method: "DELETE",
    url: `${UPLOAD_ENDPOINT}/:id`,
    ...guarded,
    schema: { description: DESCRIPTIONS.terminate, params: uploadParams },
    handler: handle,
  });
};
