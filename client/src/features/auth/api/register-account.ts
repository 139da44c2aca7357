import type { registerSchema } from "@common/auth";
import type { PublicUser } from "@common/contract/users";
import type { z } from "zod";
import { type Answer, send } from "@/lib/api";

/** POST /api/register: the new user, already logged in. */
export function registerAccount(values: z.output<typeof registerSchema>): Promise<Answer<PublicUser>> {
  return send("POST", "/api/register", { body: values });
}
