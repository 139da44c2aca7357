import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findingDetections, mapLayers } from "../db/schema";
import { appWithUsers, type TestUser } from "../testing/factories";
import { jobDriver } from "../testing/jobs";
import { multipartBody } from "../testing/multipart";
import type { TestApp } from "../testing/test-app";
import { writePlantedThermal } from "../testing/thermal-rasters";

const WAIT = { timeout: 90_000, interval: 100 };
// 2,000 × 2,000 pixels of 10 cm in UTM 14N: seconds of detection, far more than a second.
const LARGE = { width: 2000, height: 2000, srs: "EPSG:32614", geoTransform: [658_000, 0.1, 0, 3_542_000, 0, -0.1] as const, noise: 0.4 };

let dir: string;
let thermal: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-detection-limits-"));
  thermal = await writePlantedThermal(dir, "roof", { ...LARGE, spots: [{ column: 500, row: 500, size: 4, deltaT: 20 }] });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The detection processes running now (their command line names the entry and the task). */
async function detectionProcesses(): Promise<string[]> {
  const { stdout } = await promisify(execFile)("ps", ["-eo", "pid=,args="]);
  return stdout.split("\n").filter((line) => /task-entry\.(ts|js) hot-spots/.test(line));
}

function scene(env: Record<string, string>) {
  const s = {} as { t: TestApp; admin: TestUser; jobId: number };
  beforeAll(async () => {
    const { t, users, serviceId } = await appWithUsers(["admin", "customer", "pilot"], { GDAL_ENGINE: "auto", ...env });
    const [admin, customer, pilot] = users;
    Object.assign(s, { t, admin, jobId: await jobDriver(t, admin, pilot, serviceId).jobAt(customer, "flown") });
  });
  afterAll(() => s.t.close());
  /** A thermal layer uploaded as the admin does, once processed, with its detection asked for. */
  const detecting = async (): Promise<number> => {
    const { payload, headers } = await multipartBody(
      { kind: "thermal", title: "Roof thermal" },
      { name: "roof.tif", type: "image/tiff", content: await readFile(thermal) },
    );
    const res = await s.t.app.inject({ method: "POST", url: `/api/admin/jobs/${s.jobId}/layers`, payload, headers: { ...headers, cookie: s.admin.cookie } });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    await expect
      .poll(async () => (await s.t.database.db.select({ status: mapLayers.status }).from(mapLayers).where(eq(mapLayers.id, id)))[0]?.status, WAIT)
      .toBe("ready");
    const asked = await s.t.app.inject({ method: "POST", url: `/api/admin/layers/${id}/detect`, headers: { cookie: s.admin.cookie } });
    expect(asked.statusCode, asked.body).toBe(202);
    return id;
  };
  const detection = async (layerId: number) => (await s.t.database.db.select().from(findingDetections).where(eq(findingDetections.layerId, layerId)))[0];
  return { s, detecting, detection };
}

describe("hot-spot detection past its time", () => {
  const { s, detecting, detection } = scene({ DETECTION_TIMEOUT_SECONDS: "1" });

  it("fails at once with a plain reason, is not retried, and leaves no process", async () => {
    const layerId = await detecting();
    await expect.poll(async () => (await detection(layerId))?.status, WAIT).toBe("failed");
    expect((await detection(layerId))?.error).toBe("Hot-spot detection ran longer than 1 second and was stopped");
    const jobs = async () =>
      (
        (await s.t.database.db.execute(
          sql`select state::text as state, retry_count as "retryCount" from pgboss.job where name = 'finding-detection'`,
        )) as unknown as { rows: { state: string; retryCount: number }[] }
      ).rows;
    await expect.poll(jobs, WAIT).toEqual([{ state: "completed", retryCount: 0 }]);
    expect(await detectionProcesses()).toEqual([]);
  }, 180_000);
});

describe("deleting a layer under detection", () => {
  const { s, detecting, detection } = scene({});

  it("stops its process and leaves no detection behind", async () => {
    const layerId = await detecting();
    await expect.poll(async () => (await detectionProcesses()).length, WAIT).toBe(1);
    const deleted = await s.t.app.inject({ method: "DELETE", url: `/api/admin/map-layers/${layerId}`, headers: { cookie: s.admin.cookie } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expect.poll(detectionProcesses, { timeout: 10_000, interval: 100 }).toEqual([]);
    expect(await detection(layerId)).toBeUndefined();
  }, 180_000);
});
