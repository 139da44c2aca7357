import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { JobQueue } from "../../queue/queue";
import type { Storage } from "../../storage/storage";

/** An admin's map layers (issue 17): POST /api/admin/jobs/:id/layers (a GeoTIFF, streamed) and DELETE /api/admin/map-layers/:id. */
export const adminMapLayerRoutes: FastifyPluginAsync<{ db: Database; storage: Storage; queue: Pick<JobQueue, "send">; rasters: Config["rasters"] }> = async () => {};
