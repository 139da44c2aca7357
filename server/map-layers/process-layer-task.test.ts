import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mapLayers } from "../db/schema";
import { type TaskQueue, startQueue } from "../queue/queue";
import { tasks } from "../tasks";
import { LocalDiskStorage } from "../storage/local-disk";
import { appWithUsers } from "../testing/factories";
import { jobDriver } from "../testing/jobs";
import { testRasters } from "../testing/rasters";
import type { TestApp } from "../testing/test-app";
import { processLayerTask } from "./process-layer-task";

let t: TestApp;
let sender: TaskQueue;
let jobId: number;

beforeAll(async () => {
  // The app's own workers take the job, as in production; GDAL_ENGINE=auto finds gdal-bin here.
  const { t: app, users, serviceId } = await appWithUsers(["admin", "customer", "pilot"], { GDAL_ENGINE: "auto" });
  t = app;
  const [admin, customer, pilot] = users;
  jobId = await jobDriver(t, admin, pilot, serviceId).jobAt(customer, "processing");
  // A second handle on the same database that only sends, as a route would.
  sender = await startQueue(t.database, { log: t.app.log, retryDelaySeconds: 1, tasks });
});
afterAll(async () => {
  await sender?.stop();
  await t?.close();
});

describe("the map-layer queue", () => {
  it("takes a queued layer through processing to ready, its COG in the app's storage", async () => {
    const rasters = await testRasters();
    const storage = new LocalDiskStorage(path.join(t.dataDir, "uploads"));
    const originalKey = `map-layers/${randomUUID()}-original.tif`;
    const { size } = await storage.put(originalKey, createReadStream(rasters.thermal.path));
    const [row] = await t.database.db
      .insert(mapLayers)
      .values({ jobId, kind: "thermal", title: "Roof thermal", bands: ["temperature"], originalKey, originalName: "roof.tif", originalSize: size })
      .returning();
    await sender.send(processLayerTask, { layerId: row!.id });

    const read = async () => (await t.database.db.select().from(mapLayers).where(eq(mapLayers.id, row!.id)))[0]!;
    await expect.poll(async () => (await read()).status, { timeout: 20_000, interval: 100 }).toBe("ready");
    const layer = await read();
    expect(layer).toMatchObject({ progress: 100, error: null, bands: ["temperature"] });
    expect(layer.stats![0]).toMatchObject({ name: "temperature", min: 20, max: 29.25 });
    expect(await storage.stat(layer.cogKey!)).not.toBeNull();
  });
});
