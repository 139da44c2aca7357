import type { LoginInput } from "@common/auth-rules";
import type { PublicUser } from "@common/contract/users";
import { type Answer, send } from "@/lib/api";

/** POST /api/login: the user on success; the session cookie is set by the answer. */
export function login(values: LoginInput): Promise<Answer<PublicUser>> {
  return send("POST", "/api/login", { body: values });
}
