import { PassThrough, pipeline, type Readable } from "node:stream";
import ZipStream from "zip-stream";
import type { Storage } from "../storage/storage";
import type { JobFile } from "./job-files";
import { zipEntryNames } from "./zip-entry-names";

const READ_AHEAD = 8 * 1024 * 1024;

/**
 * The job's files as one ZIP, built while it is sent (docs/decisions/0031-job-zip-downloads.md):
 * each file is read from storage as a stream, one at a time, in order, and stored, not deflated
 * (photos, videos, PDFs and GeoTIFFs are compressed already). Memory stays flat whatever the size,
 * as the socket's back-pressure paces the reads; ZIP64 records are written once an entry or an
 * offset passes 4 GB. Destroying the returned stream (the client went away) destroys the read in
 * progress and opens no further file.
 */
export function jobArchive(storage: Storage, files: readonly JobFile[]): Readable {
  const zip = new ZipStream({ store: true });
  const names = zipEntryNames(files);
  let reading: Readable | undefined;
  const closed = new Promise<void>((resolve) => zip.once("close", resolve));
  void closed.then(() => reading?.destroy());

  const add = async (file: JobFile, name: string): Promise<void> => {
    reading = file.open ? await file.open() : await storage.read(file.key);
    if (zip.destroyed) {
      reading.destroy();
      return;
    }
    // Read ahead while the socket drains: the next megabytes come off the disk (or the bucket)
    // while the last ones are checksummed and sent, rather than one after the other.
    const source = new PassThrough({ highWaterMark: READ_AHEAD });
    pipeline(reading, source, () => undefined);
    const added = new Promise<void>((resolve, reject) => {
      zip.entry(source, { name, date: file.date, store: true }, (error) => (error ? reject(error) : resolve()));
    });
    // A destroyed archive never calls back for the entry it was writing.
    await Promise.race([added, closed]);
  };

  void (async () => {
    for (const [index, file] of files.entries()) {
      if (zip.destroyed) return;
      await add(file, names[index]!);
    }
    if (!zip.destroyed) zip.finalize();
  })().catch((error: unknown) => {
    reading?.destroy();
    zip.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return zip as unknown as Readable;
}
