import type { ForgotPasswordInput } from "@common/auth-rules";
import type { ForgotPasswordResponse } from "@common/contract/users";
import { type Answer, send } from "@/lib/api";

function isWebAddress(link: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(link).protocol);
  } catch {
    return false;
  }
}

/** POST /api/forgot-password: the server's message, and resetLink in development without mail. */
export async function requestPasswordReset(values: ForgotPasswordInput): Promise<Answer<ForgotPasswordResponse>> {
  const answer = await send<ForgotPasswordResponse>("POST", "/api/forgot-password", { body: values });
  // The page opens the link, so one that is not http(s) (a javascript: URL in a stray answer) is dropped.
  if (answer.ok && answer.data.resetLink !== undefined && !isWebAddress(answer.data.resetLink)) return { ...answer, data: { message: answer.data.message } };
  return answer;
}
