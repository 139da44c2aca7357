// The flight record from the job's photos in the browser (docs/decisions/0072-flight-records.md):
// the owner uploads three photos whose EXIF and DJI XMP exiftool wrote (12:00:00, 12:05:00 and
// 12:09:30, RelativeAltitude up to +50.2, the camera's serial), opens Mark flown, uses the proposed
// flight (9.5 min, 50.2 m, the aircraft with that serial), ticks the battery flown and saves it;
// then imports an AirData CSV by the job page's Import flight log.
// The customer and aircraft are this test's own: the run's server is shared.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import type { JobDetail } from "@common/contract/jobs";
import type { PublicUser } from "@common/contract/users";
import { expectJobState, jobPageAt } from "./admin-jobs";
import { expect, json, registerCustomer, severeViolations, test, uniqueId } from "./fixtures";

test.use({ viewport: { width: 1366, height: 768 } });

const me = async (request: APIRequestContext) => json<PublicUser>(await request.get("/api/user"));

/** Three photos of one flight, their EXIF and XMP written by Debian's exiftool in one run. */
async function flightPhotos(dir: string, day: string, serial: string): Promise<string[]> {
  const shots = [
    ["12:00:00", "+12.00"],
    ["12:05:00", "+50.20"],
    ["12:09:30", "+49.80"],
  ] as const;
  const files = shots.map((_, index) => path.join(dir, `DJI_000${index + 1}.JPG`));
  for (const file of files)
    await sharp({ create: { width: 64, height: 48, channels: 3, background: "#446688" } })
      .jpeg()
      .toFile(file);
  const args = shots.flatMap(([time, height], index) => [
    `-DateTimeOriginal=${day.replaceAll("-", ":")} ${time}`,
    "-OffsetTimeOriginal=+00:00",
    "-GPSLatitude=30.2672",
    "-GPSLatitudeRef=N",
    "-GPSLongitude=97.7431",
    "-GPSLongitudeRef=W",
    `-SerialNumber=${serial}`,
    `-XMP-drone-dji:RelativeAltitude=${height}`,
    files[index]!,
    "-execute",
  ]);
  execFileSync("exiftool", [...args, "-common_args", "-q", "-overwrite_original"]);
  return files;
}

test("Mark flown proposes the flight from the job's photos, Use this fills the record, and an AirData log refines it", async ({
  browser,
  adminPage,
  adminApi,
  workDir,
}) => {
  const run = uniqueId();
  const customerContext = await browser.newContext();
  await registerCustomer(customerContext.request, { firstName: "Amelia", lastName: `Earhart ${run}` });
  const { id: customerId } = await me(customerContext.request);
  await customerContext.close();
  const services = await json<{ data: { id: number }[] }>(await adminApi.get("/api/services?active=true"));
  const serviceId = services.data[0]!.id;
  const title = `Solar farm ${run}`;
  const opened = await adminApi.post("/api/admin/jobs", {
    data: { userId: customerId, serviceId, title, site: { name: `Farm ${run}`, address: "", latitude: null, longitude: null } },
  });
  const { id: jobId } = (await json<{ data: JobDetail }>(opened, 201)).data;
  const serial = `1ZNBJ7R${run}`.slice(0, 40);
  const craft = await adminApi.post("/api/admin/aircraft", {
    data: { make: "DJI", model: "Mavic 3T", serial, registration: `FA-${run}`, registrationExpiresOn: "2099-01-01" },
  });
  const { id: aircraftId } = (await json<{ data: { id: number } }>(craft, 201)).data;
  const battery = await adminApi.post(`/api/admin/aircraft/${aircraftId}/batteries`, { data: { serial: `TB65-${run}`, cyclesBefore: 40 } });
  const { id: batteryId } = (await json<{ data: { id: number } }>(battery, 201)).data;
  const { id: adminId } = await me(adminApi);
  // Flown yesterday: a flight is never recorded after today at the site (UTC here).
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const scheduled = await adminApi.patch(`/api/admin/jobs/${jobId}`, {
    data: {
      status: "scheduled",
      scheduledStart: `${day}T11:00:00.000Z`,
      scheduledEnd: `${day}T13:00:00.000Z`,
      timeZone: "UTC",
      pilotId: adminId,
      overrideReason: "Deposit waived for this test",
    },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(200);

  for (const file of await flightPhotos(workDir, day, serial)) {
    const uploaded = await adminApi.post("/api/admin/media", {
      multipart: {
        userId: String(customerId),
        serviceId: String(serviceId),
        title: path.basename(file),
        description: "Flight photo",
        jobId: String(jobId),
        file: { name: path.basename(file), mimeType: "image/jpeg", buffer: readFileSync(file) },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  // Mark flown: the photos' flight and Use this (a photo left out is listed too: server/routes/admin/flight-proposal.test.ts).
  const job = await jobPageAt(adminPage, jobId, title);
  await job.getByRole("group", { name: "Job actions" }).getByRole("button", { name: "Mark flown", exact: true }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Record the flight" });
  const proposal = dialog.getByRole("region", { name: "Flights from the photos" });
  const flight = proposal.getByRole("listitem", { name: `Proposed flight at ${day} 12:00:00` });
  await expect(flight).toContainText("9.5 min");
  await expect(flight).toContainText("max 50.2 m");
  await expect(flight).toContainText(`DJI Mavic 3T (${serial})`);
  await expect(flight).toContainText("3 photos");
  await flight.getByRole("button", { name: "Use this" }).click();
  await expect(dialog.getByLabel("Flown on")).toHaveValue(day);
  await expect(dialog.getByLabel("Duration (minutes)")).toHaveValue("9.5");
  await expect(dialog.getByLabel("Maximum height (m)")).toHaveValue("50.2");
  await expect(dialog.getByLabel("Drone flown")).toHaveValue(String(aircraftId));
  await expect(dialog.getByLabel("Take-off")).toHaveValue(`${day}T12:00`);
  await expect(dialog.getByLabel("Landing")).toHaveValue(`${day}T12:09:30`);
  await dialog.getByRole("group", { name: "Batteries flown" }).getByLabel(`TB65-${run}`).check();
  await dialog.getByLabel("Wind").fill("3 m/s NW");
  expect(await severeViolations(adminPage), "serious or critical axe violations on Mark flown").toBe("");
  await adminPage.screenshot({ path: test.info().outputPath("mark-flown-proposal-1366.png") });
  await dialog.getByRole("button", { name: "Mark flown", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expectJobState(job, "Flown");
  await expect(job.getByText(`DJI Mavic 3T (${serial})`)).toBeVisible();
  await expect(job.getByText("9.5 min")).toBeVisible();
  await expect(job.getByText("50.2 m")).toBeVisible();
  await expect(job.getByText(`TB65-${run}`, { exact: true })).toBeVisible();

  const stored = (await json<{ data: JobDetail }>(await adminApi.get(`/api/jobs/${jobId}`))).data;
  expect(stored.flight).toMatchObject({
    flownOn: day,
    durationMinutes: 9.5,
    maxHeightMetres: 50.2,
    aircraftId,
    batteryIds: [batteryId],
    latitude: 30.2672,
    longitude: -97.7431,
  });

  // The aircraft's hours and flights follow from the record: 9.5 minutes is 0.2 h.
  const fleet = (await json<{ data: { id: number; totalHoursTenths: number; flightCount: number }[] }>(await adminApi.get("/api/admin/aircraft"))).data;
  expect(fleet.find((row) => row.id === aircraftId)).toMatchObject({ totalHoursTenths: 2, flightCount: 1 });
  const packs = (await json<{ data: { id: number; cycles: number }[] }>(await adminApi.get(`/api/admin/aircraft/${aircraftId}/batteries`))).data;
  expect(packs).toEqual([expect.objectContaining({ id: batteryId, cycles: 41 })]);

  // An AirData CSV, heights in feet, refines the record.
  const csv = [
    "time(millisecond),datetime(utc),latitude,longitude,height_above_takeoff(feet),altitude_above_seaLevel(feet),speed(mph)",
    `0,${day} 11:58:00,30.2671,-97.7430,0,620.5,0`,
    `360000,${day} 12:04:00,30.2675,-97.7433,180.4,800.9,11.2`,
    `720000,${day} 12:10:00,30.2671,-97.7430,0,620.5,0`,
  ].join("\n");
  await job.getByRole("button", { name: "Import flight log" }).click();
  const importer = adminPage.getByRole("dialog", { name: "Import flight log" });
  // A file that is not AirData's is refused with what it lacks, and the record stays as it was.
  await importer
    .getByLabel("Flight log (AirData CSV)")
    .setInputFiles({ name: "notes.csv", mimeType: "text/csv", buffer: Buffer.from("when,where\nnoon,roof\n") });
  await expect(importer.getByRole("alert")).toContainText("time");
  expect((await json<{ data: JobDetail }>(await adminApi.get(`/api/jobs/${jobId}`))).data.flight).toMatchObject({ durationMinutes: 9.5, log: null });
  await importer.getByLabel("Flight log (AirData CSV)").setInputFiles({ name: "airdata.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(importer).toBeHidden();
  // 180.4 ft is 55.0 m; the log's 12 minutes replace the photos' 9.5.
  await expect(job.getByText("55 m", { exact: true })).toBeVisible();
  await expect(job.getByText("12 min", { exact: true })).toBeVisible();
  await expect(job.getByText("airdata.csv (3 rows)", { exact: true })).toBeVisible();
});
