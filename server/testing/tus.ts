import { createHash } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import path from "node:path";
import { writeArrayBuffer } from "geotiff";
import { Upload } from "tus-js-client";
import { UPLOAD_ENDPOINT } from "@common/tus-uploads";

/** Upload-Metadata as tus clients write it: `key base64(value)` pairs, comma separated. */
export function encodeMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");
}

export const sha256 = (bytes: Buffer | Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** Every file under the app's uploads folder, in-progress uploads (tus/) included, relative to it. */
export async function filesUnder(uploadsDir: string): Promise<string[]> {
  const entries = await readdir(uploadsDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(uploadsDir, path.join(entry.parentPath, entry.name)))
    .sort();
}

export interface TusResult {
  /** The upload's address, as the server's Location named it. */
  url: string;
  status: number;
  body: string;
}

export interface TusUploadOptions {
  /** A tus upload URL to resume instead of creating one. */
  uploadUrl?: string;
  chunkSize?: number;
  /** Called with each progress report; may abort the upload. */
  onProgress?(sent: number, upload: Upload): void;
}

/**
 * Sends the bytes with tus-js-client, the client the back office's Uppy builds on, as the session
 * `cookie` (no retries: a failure is the test's to see). Resolves with the final answer, or rejects
 * with the client's error (its `originalResponse` carries the server's).
 */
export function tusUpload(origin: string, cookie: string, bytes: Buffer, metadata: Record<string, string>, options: TusUploadOptions = {}): Promise<TusResult> {
  return new Promise((resolve, reject) => {
    const upload: Upload = new Upload(bytes, {
      endpoint: `${origin}${UPLOAD_ENDPOINT}`,
      ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
      headers: { cookie },
      metadata,
      retryDelays: null,
      ...(options.chunkSize ? { chunkSize: options.chunkSize } : {}),
      onProgress: (sent) => options.onProgress?.(sent, upload),
      onError: reject,
      onSuccess: ({ lastResponse }) => resolve({ url: upload.url ?? "", status: lastResponse.getStatus(), body: lastResponse.getBody() ?? "" }),
    });
    upload.start();
  });
}

/**
 * A small thermal GeoTIFF (one Float32 band of °C, georeferenced in WGS84) written by geotiff.js,
 * so the tests need no GDAL: what an admin uploads as a thermal layer.
 */
export function smallThermalGeoTiff(width = 16, height = 16): Buffer {
  const values = new Float32Array(width * height).map((_, index) => 20 + index / 100);
  const metadata = {
    width,
    height,
    ModelPixelScale: [0.00001, 0.00001, 0],
    ModelTiepoint: [0, 0, 0, -97, 32, 0],
    GeographicTypeGeoKey: 4326,
    GTModelTypeGeoKey: 2,
    GTRasterTypeGeoKey: 1,
    BitsPerSample: [32],
    SampleFormat: [3],
  };
  return Buffer.from(writeArrayBuffer(values, metadata as unknown as Parameters<typeof writeArrayBuffer>[1]));
}

/** How many bytes of an upload in progress are on disk (its file in UPLOADS_DIR/tus), 0 before any. */
export const bytesOnDisk = (uploadsDir: string, uploadUrl: string) => async (): Promise<number> =>
  (await stat(path.join(uploadsDir, "tus", uploadUrl.split("/").at(-1)!)).catch(() => ({ size: 0 }))).size;

/**
 * A PATCH of the whole file that sends `cutAt` bytes, then has its connection destroyed once the
 * server stored `stored` of them (as `received` reports it; a bucket stores whole parts): a
 * dropped connection mid-file, as a client on a train sees it.
 */
export async function cutPatch(
  origin: string,
  uploadUrl: string,
  cookie: string,
  bytes: Buffer,
  cutAt: number,
  received: () => Promise<number>,
  stored = cutAt,
): Promise<void> {
  const request = httpRequest(new URL(uploadUrl, origin), {
    method: "PATCH",
    headers: {
      "tus-resumable": "1.0.0",
      "content-type": "application/offset+octet-stream",
      "upload-offset": "0",
      "content-length": String(bytes.length),
      cookie,
    },
  });
  request.on("error", () => undefined);
  await new Promise<void>((resolve) => request.write(bytes.subarray(0, cutAt), () => resolve()));
  while ((await received()) < stored) await sleep(10);
  request.destroy();
}
