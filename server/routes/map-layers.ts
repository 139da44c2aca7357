import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../db/client";
import type { Storage } from "../storage/storage";

/**
 * A job's map (issue 17): GET /api/jobs/:id/layers, the layers' files (original and COG, with
 * Range) and PUT /api/jobs/:id/site-boundary.
 */
export const mapLayerRoutes: FastifyPluginAsync<{ db: Database; storage: Storage }> = async () => {};
