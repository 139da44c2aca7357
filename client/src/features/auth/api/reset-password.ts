import type { ResetPasswordInput } from "@common/auth";
import type { MessageResponse } from "@common/contract/wire";
import { type Answer, send } from "@/lib/api";

/** POST /api/reset-password with the token from the e-mailed link. */
export function resetPassword(values: ResetPasswordInput): Promise<Answer<MessageResponse>> {
  return send("POST", "/api/reset-password", { body: values });
}
