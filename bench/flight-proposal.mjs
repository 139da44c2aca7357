// Proposing a job's flights from its photos (server/flights/, docs/decisions/0069-flights-from-photos.md):
// `photos` JPEGs of width × height pixels (a survey camera's file size), each with its own time
// taken, GPS position, DJI RelativeAltitude and camera serial written by Debian's exiftool (one
// process for all), in flights of `perFlight` photos two seconds apart with 15-minute pauses
// between. The files are read as the server reads them: the first 128 KB of each through the local
// disk storage, eight at once, parsed by exifr, cut into flights. Prints the time, the bytes read
// against the bytes stored, whether the flights found are the flights written, and the resident
// memory before and after the proposal.
// Usage: npm run bench:flight-proposal [-- photos=1000 width=2000 height=1500 perFlight=250]
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { buffer } from "node:stream/consumers";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { tsImport } from "tsx/esm/api";

const options = Object.fromEntries(process.argv.slice(2).map((arg) => arg.split("=")));
const count = Number(options.photos ?? 1000);
const width = Number(options.width ?? 2000);
const height = Number(options.height ?? 1500);
const perFlight = Number(options.perFlight ?? 250);

const { LocalDiskStorage } = await tsImport("../server/storage/local-disk.ts", import.meta.url);
const { PHOTO_HEAD_BYTES, readPhotoFacts } = await tsImport("../server/flights/photo-facts.ts", import.meta.url);
const { proposeFlights } = await tsImport("../server/flights/flight-proposal.ts", import.meta.url);

/** A JPEG of noise, which compresses as badly as an aerial photo does, so the file is a real photo's size. */
async function writeBasePhoto(file) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index++) pixels[index] = (index * 2654435761) >>> 24;
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toFile(file);
}

const root = mkdtempSync(path.join(os.tmpdir(), "flight-bench-"));
try {
  const photosDir = path.join(root, "photos");
  mkdirSync(photosDir);
  const base = path.join(root, "base.jpg");
  await writeBasePhoto(base);

  const start = Date.UTC(2031, 2, 4, 15, 0, 0);
  const expected = [];
  const args = [];
  for (let index = 0; index < count; index++) {
    const flight = Math.floor(index / perFlight);
    const at = new Date(start + flight * (perFlight * 2_000 + 15 * 60_000) + (index % perFlight) * 2_000);
    const stamp = at.toISOString().replace("T", " ").slice(0, 19).replaceAll("-", ":");
    const heightMetres = (30 + (index % 97) / 10).toFixed(1);
    expected[flight] = {
      photoCount: (expected[flight]?.photoCount ?? 0) + 1,
      maxHeightMetres: Math.max(expected[flight]?.maxHeightMetres ?? 0, Number(heightMetres)),
    };
    args.push(
      `-DateTimeOriginal=${stamp}`,
      "-OffsetTimeOriginal=+00:00",
      `-GPSLatitude=${(30.2672 + index * 1e-5).toFixed(6)}`,
      "-GPSLatitudeRef=N",
      "-GPSLongitude=97.7431",
      "-GPSLongitudeRef=W",
      "-SerialNumber=1ZNBJ7R0010123",
      `-XMP-drone-dji:RelativeAltitude=+${heightMetres}`,
      "-o",
      path.join(photosDir, `${String(index).padStart(5, "0")}.jpg`),
      base,
      "-execute",
    );
  }
  const argsFile = path.join(root, "args.txt");
  writeFileSync(argsFile, args.join("\n"));
  const writing = Date.now();
  execFileSync("exiftool", ["-@", argsFile, "-common_args", "-q"]);
  const stored = statSync(path.join(photosDir, "00000.jpg")).size;
  console.log(
    `${count} photos of ${width}×${height} (${(stored / 1e6).toFixed(1)} MB each, ${((stored * count) / 1e9).toFixed(2)} GB) written by exiftool in ${((Date.now() - writing) / 1000).toFixed(1)} s`,
  );

  const storage = new LocalDiskStorage(root);
  const keys = Array.from({ length: count }, (_, index) => `photos/${String(index).padStart(5, "0")}.jpg`);
  const rssBefore = process.memoryUsage().rss;
  const began = process.hrtime.bigint();
  let bytesRead = 0;
  const photos = new Array(count);
  let next = 0;
  const reader = async () => {
    while (next < count) {
      const index = next++;
      const head = await buffer(await storage.read(keys[index], { start: 0, end: PHOTO_HEAD_BYTES - 1 }));
      bytesRead += head.length;
      photos[index] = { mediaId: index + 1, facts: await readPhotoFacts(head, "UTC") };
    }
  };
  await Promise.all(Array.from({ length: 8 }, reader));
  const proposal = proposeFlights(photos, [{ id: 1, serials: ["1ZNBJ7R0010123"] }]);
  const seconds = Number(process.hrtime.bigint() - began) / 1e9;
  const found = proposal.flights.map(({ photoCount, maxHeightMetres }) => ({ photoCount, maxHeightMetres }));
  const right =
    JSON.stringify(found) === JSON.stringify(expected) && proposal.flights.every((flight) => flight.aircraftId === 1) && proposal.skipped.length === 0;
  console.log(
    `proposal: ${seconds.toFixed(2)} s (${Math.round(count / seconds)} photos/s), ${(bytesRead / 1e6).toFixed(1)} MB read of ${((stored * count) / 1e6).toFixed(0)} MB stored, ` +
      `${proposal.flights.length} flights (${right ? "as written" : `WRONG: ${JSON.stringify(found)} for ${JSON.stringify(expected)}`}), ` +
      `resident memory ${(rssBefore / 1e6).toFixed(0)} MB before the proposal, ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB after`,
  );
  if (!right) process.exitCode = 1;
} finally {
  rmSync(root, { recursive: true, force: true });
}
