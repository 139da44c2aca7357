import type { ResetTokenCheckResponse } from "@common/contract/password-reset";
import { type Answer, send } from "@/lib/api";

/** POST /api/reset-password/check: whether the e-mailed link can still reset a password; uses nothing. */
export function checkResetToken(token: string): Promise<Answer<ResetTokenCheckResponse>> {
  return send("POST", "/api/reset-password/check", { body: { token } });
}
