import type { RegisterInput } from "@common/auth-rules";
import type { PublicUser } from "@common/contract/users";
import { type Answer, send } from "@/lib/api";

/** POST /api/register: the new user, already logged in. */
export function registerAccount(values: RegisterInput): Promise<Answer<PublicUser>> {
  return send("POST", "/api/register", { body: values });
}
