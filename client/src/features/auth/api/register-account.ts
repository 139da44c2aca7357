import type { PublicUser, registerSchema } from "@common/auth";
import type { z } from "zod";
import { type JsonResult, sendJson } from "./send-json";

/** POST /api/register: the new user, already logged in. */
export function registerAccount(values: z.output<typeof registerSchema>): Promise<JsonResult<PublicUser>> {
  return sendJson("/api/register", values, (body) => body as PublicUser);
}
