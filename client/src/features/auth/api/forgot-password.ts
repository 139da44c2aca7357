import type { ForgotPasswordInput } from "@common/auth";
import { z } from "zod";
import { type JsonResult, sendJson } from "./send-json";

// Only http(s) links are accepted so that a stray answer can never make the page open a javascript: URL.
const forgotPasswordAnswerSchema = z.object({
  message: z.string(),
  resetLink: z.url({ protocol: /^https?$/ }).optional(),
});
export type ForgotPasswordAnswer = z.infer<typeof forgotPasswordAnswerSchema>;

/** POST /api/forgot-password: the server's message, and resetLink in development without mail. */
export function requestPasswordReset(values: ForgotPasswordInput): Promise<JsonResult<ForgotPasswordAnswer>> {
  return sendJson("/api/forgot-password", values, (body) => forgotPasswordAnswerSchema.parse(body));
}
