import type { FastifyReply, FastifyRequest } from "fastify";
import { DomainError } from "../domain-errors";
import type { ByteRange, Storage } from "../storage/storage";

export interface StoredFile {
  key: string;
  contentType: string;
  /** The name a download is saved under, without extension. */
  title: string;
  /** Public files (gallery) may be cached by anyone; private ones by the browser only. */
  isPublic: boolean;
  /** Always a download, saved under this name (a customer's document: never shown inline), whatever the query asks. */
  attachmentName?: string;
}

const EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "video/quicktime": "mov",
  "video/x-matroska": "mkv",
  "video/x-msvideo": "avi",
  "image/jpeg": "jpg",
};

/** The name a stored file is saved under: its title, made safe, with the extension of its content type. */
export function downloadName(title: string, contentType: string): string {
  const base =
    title
      .replace(/[^\w .-]+/g, "")
      .trim()
      .slice(0, 100) || "download";
  const extension = EXTENSIONS[contentType] ?? contentType.split("/")[1]?.replace(/^x-/, "") ?? "bin";
  return `${base}.${extension}`;
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; null when absent, "invalid" when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | "invalid" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return "invalid";
  let start: number;
  let end: number;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "invalid";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return "invalid";
  return { start, end };
}

/**
 * Streams a stored file with its stored content type, HTTP Range support (videos can seek),
 * and, with ?download=1 or an attachment name, Content-Disposition: attachment.
 */
export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, storage: Storage, file: StoredFile) {
  const stat = await storage.stat(file.key);
  if (!stat) throw new DomainError("not-found", "The file is no longer available");
  const range = parseRange(request.headers.range, stat.size);
  if (range === "invalid") {
    return reply.code(416).header("content-range", `bytes */${stat.size}`).send({ message: "Requested range not satisfiable" });
  }
  reply
    .header("accept-ranges", "bytes")
    .header("content-type", file.contentType)
    .header("cache-control", file.isPublic ? "public, max-age=3600" : "private, max-age=0, must-revalidate");
  if (file.attachmentName !== undefined) {
    const fallback =
      file.attachmentName
        .replace(/[^\w .()-]+/g, "_")
        .trim()
        .slice(0, 150) || "download";
    reply.header("content-disposition", `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(file.attachmentName)}`);
  } else if ((request.query as { download?: string }).download === "1") {
    const name = downloadName(file.title, file.contentType);
    reply.header("content-disposition", `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  }
  if (range) {
    reply
      .code(206)
      .header("content-range", `bytes ${range.start}-${range.end}/${stat.size}`)
      .header("content-length", range.end - range.start + 1);
    return reply.send(await storage.read(file.key, range));
  }
  reply.header("content-length", stat.size);
  return reply.send(await storage.read(file.key));
}
