import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FlightProposalAnswer } from "@common/contract/flight-proposal";
import { skipReasons } from "../../flights/flight-proposal";
import type { TestUser } from "../../testing/factories";
import { type JobDriver, jobsAppForTests, moveBody } from "../../testing/jobs";
import { multipartBody, sampleFiles } from "../../testing/multipart";
import type { TestApp } from "../../testing/test-app";

let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser, otherPilot: TestUser, serviceId: number, drive: JobDriver;
jobsAppForTests(["admin", "customer", "pilot", "pilot"], (made) => {
  ({ t, serviceId, drive } = made);
  [admin, customer, pilot, otherPilot] = made.users;
});

const CAMERA_SERIAL = "1ZNBJ7R0010123";
let dir: string;
let photos: Buffer[];

// Three photos as a DJI Mavic 3T writes them, their EXIF and XMP written by Debian's exiftool in one run.
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "flight-route-"));
  const shots = [
    ["12:00:00", "+12.00"],
    ["12:05:00", "+50.20"],
    ["12:09:30", "+49.80"],
  ];
  const files = shots.map((_, index) => path.join(dir, `DJI_000${index + 1}.JPG`));
  await Promise.all(
    files.map((file) =>
      sharp({ create: { width: 64, height: 48, channels: 3, background: "#446688" } })
        .jpeg()
        .toFile(file),
    ),
  );
  const args = shots.flatMap(([time, height], index) => [
    `-DateTimeOriginal=2031:03:04 ${time}`,
    "-GPSLatitude=30.2672",
    "-GPSLatitudeRef=N",
    "-GPSLongitude=97.7431",
    "-GPSLongitudeRef=W",
    `-SerialNumber=${CAMERA_SERIAL}`,
    `-XMP-drone-dji:RelativeAltitude=${height}`,
    files[index]!,
    "-execute",
  ]);
  execFileSync("exiftool", [...args, "-common_args", "-q", "-overwrite_original"]);
  photos = files.map((file) => readFileSync(file));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const upload = async (jobId: number, name: string, type: string, content: Uint8Array): Promise<number> => {
  const fields = { userId: String(customer.user.id), serviceId: String(serviceId), title: name, description: "Flight photo", jobId: String(jobId) };
  const { payload, headers } = await multipartBody(fields, { name, type, content });
  const res = await t.app.inject({ method: "POST", url: "/api/admin/media", payload, headers: { ...headers, cookie: admin.cookie } });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
};

const proposal = (jobId: number, user?: TestUser) =>
  t.app.inject({ method: "GET", url: `/api/admin/jobs/${jobId}/flight-proposal`, headers: user ? { cookie: user.cookie } : {} });

describe("GET /api/admin/jobs/{id}/flight-proposal", () => {
  let jobId: number;
  let unreadable: number;
  let aircraftId: number;

  beforeAll(async () => {
    jobId = await drive.jobAt(customer, "accepted");
    // The site is in Chicago: the photos' times, written without an offset, are its wall clock.
    const scheduled = await drive.patch(jobId, { ...moveBody("scheduled", pilot.user.id), timeZone: "America/Chicago" });
    expect(scheduled.statusCode).toBe(200);
    for (const [index, photo] of photos.entries()) await upload(jobId, `DJI_000${index + 1}.JPG`, "image/jpeg", photo);
    unreadable = await upload(jobId, "sketch.png", "image/png", sampleFiles.png);
    const recorded = await t.app.inject({
      method: "POST",
      url: "/api/admin/aircraft",
      headers: { cookie: admin.cookie },
      payload: { make: "DJI", model: "Mavic 3T", serial: "1581F5FHD23460010", payloads: [{ name: "Thermal camera", serial: CAMERA_SERIAL }] },
    });
    expect(recorded.statusCode).toBe(201);
    aircraftId = recorded.json().data.id;
  });

  it("proposes one flight of 9.5 minutes at 50.2 m at most, on the aircraft whose payload has the photos' camera serial, and says which image lacked what", async () => {
    const res = await proposal(jobId, admin);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as FlightProposalAnswer;
    expect(data.flights).toEqual([
      {
        start: "2031-03-04T18:00:00.000Z",
        end: "2031-03-04T18:09:30.000Z",
        durationMinutes: 9.5,
        maxHeightMetres: 50.2,
        lat: 30.2672,
        lon: -97.7431,
        aircraftId,
        aircraftName: "DJI Mavic 3T (1581F5FHD23460010)",
        cameraSerial: CAMERA_SERIAL,
        photoCount: 3,
      },
    ]);
    expect(data.skipped).toEqual([{ mediaId: unreadable, title: "sketch.png", reason: skipReasons.noTimeNoPosition }]);
  });

  it("answers the job's pilot too; a pilot of another job does not find it, a customer is refused, a visitor must sign in", async () => {
    expect((await proposal(jobId, pilot)).statusCode).toBe(200);
    expect((await proposal(jobId, otherPilot)).statusCode).toBe(404);
    expect((await proposal(jobId, customer)).statusCode).toBe(403);
    expect((await proposal(jobId)).statusCode).toBe(401);
    expect((await proposal(999_999, admin)).statusCode).toBe(404);
  });
});
