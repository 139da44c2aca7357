import { z } from "zod";

/** POST /api/reset-password/check: whether a reset link may still be used, and nothing more. */
export const resetTokenCheckResponseSchema = z.object({ valid: z.boolean() });
export type ResetTokenCheckResponse = z.infer<typeof resetTokenCheckResponseSchema>;
