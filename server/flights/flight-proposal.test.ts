import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLIGHT_GAP_MINUTES, proposeFlights, skipReasons } from "./flight-proposal";
import { PHOTO_HEAD_BYTES, readPhotoFacts } from "./photo-facts";

// Real files: JPEGs whose EXIF and DJI XMP are written by Debian's exiftool, the reference reader
// and writer of both, as a DJI Mavic 3T writes them.
let dir: string;
const SERIAL = "1ZNBJ7R0010123";

/**
 * Writes each photo (a small JPEG, then its tags) in one exiftool process: its -execute runs one
 * command per file, and Perl starts once rather than once a photo.
 */
async function photos(specs: Record<string, string[]>): Promise<Record<string, Buffer>> {
  const files = Object.keys(specs).map((name) => path.join(dir, name));
  await Promise.all(
    files.map((file) =>
      sharp({ create: { width: 64, height: 48, channels: 3, background: "#336699" } })
        .jpeg()
        .toFile(file),
    ),
  );
  const commands = Object.entries(specs)
    .filter(([, tags]) => tags.length > 0)
    .flatMap(([name, tags]) => [...tags, path.join(dir, name), "-execute"]);
  if (commands.length > 0) execFileSync("exiftool", [...commands, "-common_args", "-q", "-overwrite_original"]);
  return Object.fromEntries(Object.keys(specs).map((name) => [name, readFileSync(path.join(dir, name))]));
}

const djiTags = (time: string, height: string, lat = 30.2672, lon = -97.7431) => [
  `-DateTimeOriginal=2031:03:04 ${time}`,
  `-GPSLatitude=${Math.abs(lat)}`,
  `-GPSLatitudeRef=${lat < 0 ? "S" : "N"}`,
  `-GPSLongitude=${Math.abs(lon)}`,
  `-GPSLongitudeRef=${lon < 0 ? "W" : "E"}`,
  "-Make=DJI",
  "-Model=M3T",
  `-SerialNumber=${SERIAL}`,
  `-XMP-drone-dji:RelativeAltitude=${height}`,
  "-XMP-drone-dji:AbsoluteAltitude=+260.70",
];

let files: Record<string, Buffer>;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "flight-photos-"));
  files = await photos({
    "a.jpg": djiTags("12:00:00", "+50.20"),
    "b.jpg": [...djiTags("12:00:00", "+10"), "-OffsetTimeOriginal=+02:00"],
    "plain.jpg": [],
    "1.jpg": djiTags("12:00:00", "+12.00"),
    "2.jpg": djiTags("12:05:00", "+50.20"),
    "3.jpg": djiTags("12:09:30", "+49.80"),
    "f1.jpg": djiTags("09:00:00", "+30"),
    "f2.jpg": djiTags("09:10:00", "+40"),
    "f3.jpg": djiTags("09:20:01", "+60"),
    "f4.jpg": ["-DateTimeOriginal=2031:03:04 09:21:00"],
    "f5.jpg": ["-GPSLatitude=30", "-GPSLatitudeRef=N", "-GPSLongitude=97", "-GPSLongitudeRef=W"],
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("what a photo says of its flight", () => {
  it("reads the time at the site's zone, the position, the height above take-off and the serial", async () => {
    const facts = await readPhotoFacts(files["a.jpg"]!, "America/Chicago");
    expect(facts).toEqual({ takenAt: "2031-03-04T18:00:00.000Z", lat: 30.2672, lon: -97.7431, heightMetres: 50.2, serial: SERIAL });
  });

  it("takes the offset the camera wrote beside the time over the site's zone", async () => {
    const facts = await readPhotoFacts(files["b.jpg"]!, "America/Chicago");
    expect(facts?.takenAt).toBe("2031-03-04T10:00:00.000Z");
  });

  it("needs only the start of the file", async () => {
    const whole = files["a.jpg"]!;
    const padded = Buffer.concat([whole.subarray(0, whole.length - 2), Buffer.alloc(PHOTO_HEAD_BYTES * 2), whole.subarray(whole.length - 2)]);
    expect(await readPhotoFacts(padded.subarray(0, PHOTO_HEAD_BYTES), "UTC")).toMatchObject({ heightMetres: 50.2, serial: SERIAL });
  });

  it("is nothing for a file that is not a photo, and empty facts for a photo without EXIF", async () => {
    expect(await readPhotoFacts(Buffer.from("%PDF-1.7 not a photo"), "UTC")).toBeNull();
    expect(await readPhotoFacts(files["plain.jpg"]!, "UTC")).toEqual({ takenAt: null, lat: null, lon: null, heightMetres: null, serial: null });
  });
});

describe("the flights a job's photos tell of", () => {
  it("makes three photos at 12:00:00, 12:05:00 and 12:09:30 one flight of 9.5 minutes, 50.2 m at most, on the aircraft with the camera's serial", async () => {
    const jobPhotos = await Promise.all(
      ["1.jpg", "2.jpg", "3.jpg"].map(async (name, index) => ({ mediaId: index + 1, facts: await readPhotoFacts(files[name]!, "America/Chicago") })),
    );
    const proposal = proposeFlights(jobPhotos.reverse(), [
      { id: 7, serials: ["OTHER-SERIAL"] },
      { id: 9, serials: ["1QXYZ", SERIAL.toLowerCase()] },
    ]);
    expect(proposal.skipped).toEqual([]);
    expect(proposal.flights).toEqual([
      {
        start: new Date("2031-03-04T18:00:00.000Z"),
        end: new Date("2031-03-04T18:09:30.000Z"),
        durationMinutes: 9.5,
        maxHeightMetres: 50.2,
        lat: 30.2672,
        lon: -97.7431,
        aircraftId: 9,
        cameraSerial: SERIAL,
        photoCount: 3,
      },
    ]);
  });

  it(`starts a new flight after a pause of more than ${FLIGHT_GAP_MINUTES} minutes, and says which photos lacked what`, async () => {
    const read = (name: string) => readPhotoFacts(files[name]!, "UTC");
    const jobPhotos = [
      { mediaId: 1, facts: await read("f1.jpg") },
      { mediaId: 2, facts: await read("f2.jpg") },
      { mediaId: 3, facts: await read("f3.jpg") },
      { mediaId: 4, facts: await read("f4.jpg") },
      { mediaId: 5, facts: await read("f5.jpg") },
      { mediaId: 6, facts: await read("plain.jpg") },
      { mediaId: 7, facts: null },
    ];
    const proposal = proposeFlights(jobPhotos, []);
    expect(
      proposal.flights.map(({ durationMinutes, maxHeightMetres, photoCount, aircraftId }) => ({ durationMinutes, maxHeightMetres, photoCount, aircraftId })),
    ).toEqual([
      { durationMinutes: 10, maxHeightMetres: 40, photoCount: 2, aircraftId: null },
      { durationMinutes: 0, maxHeightMetres: 60, photoCount: 1, aircraftId: null },
    ]);
    expect(proposal.skipped).toEqual([
      { mediaId: 4, reason: skipReasons.noPosition },
      { mediaId: 5, reason: skipReasons.noTime },
      { mediaId: 6, reason: skipReasons.noTimeNoPosition },
      { mediaId: 7, reason: skipReasons.unreadable },
    ]);
  });
});
