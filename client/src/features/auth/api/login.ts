import type { LoginInput, PublicUser } from "@common/auth";
import { type JsonResult, sendJson } from "./send-json";

/** POST /api/login: the user on success; the session cookie is set by the answer. */
export function login(values: LoginInput): Promise<JsonResult<PublicUser>> {
  return sendJson("/api/login", values, (body) => body as PublicUser);
}
