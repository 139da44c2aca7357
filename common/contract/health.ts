import { z } from "zod";

/** GET /api/health: the database answers. */
export const healthSchema = z.object({ status: z.literal("ok") });

/** GET /api/health/ready: migrations are applied too. */
export const readySchema = z.object({ status: z.literal("ready") });

/** 503 of either: why not. */
export const unavailableSchema = z.object({ status: z.enum(["unavailable", "migrating"]), message: z.string() });
