import type { ResetPasswordInput } from "@common/auth";
import { type JsonResult, sendJson } from "./send-json";

/** POST /api/reset-password with the token from the e-mailed link. */
export function resetPassword(values: ResetPasswordInput): Promise<JsonResult<unknown>> {
  return sendJson("/api/reset-password", values, (body) => body);
}
