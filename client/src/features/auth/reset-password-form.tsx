import { KeyRound } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { checkResetPasswordForm, type ResetPasswordForm as ResetPasswordValues } from "@common/auth-rules";
import { SubmitButton } from "@/components/ui/submit-button";
import { InputField } from "@/components/ui/form-field";
import { sessionKeys } from "@/api/session";
import { useCheckedForm } from "@/lib/use-checked-form";
import { toast } from "@/lib/use-toast";
import { resetPassword } from "./api/reset-password";
import { AUTH_FALLBACKS } from "./constants";

interface ResetPasswordFormProps {
  token: string;
  onSuccess: () => void;
}

/** New password twice; only the token and the new password are sent. */
export function ResetPasswordForm({ token, onSuccess }: ResetPasswordFormProps) {
  const queryClient = useQueryClient();

  async function send({ newPassword }: ResetPasswordValues) {
    const result = await resetPassword({ token, newPassword });
    if (result.ok) {
      // A reset ends every session of the account on the server, this browser's included.
      queryClient.setQueryData(sessionKeys.user, null);
      onSuccess();
      return;
    }
    const description = result.status === null ? AUTH_FALLBACKS.network : (result.message ?? AUTH_FALLBACKS.resetPassword);
    toast({ title: "Reset failed", description, variant: "destructive" });
  }

  const { errors, isSubmitting, formProps } = useCheckedForm({ fields: ["newPassword", "confirmPassword"], check: checkResetPasswordForm, onValid: send });

  return (
    <form {...formProps} aria-label="Reset password" className="space-y-5">
      <InputField id="reset-new-password" name="newPassword" label="New Password" error={errors.newPassword} type="password" autoComplete="new-password" />
      <InputField
        id="reset-confirm-password"
        name="confirmPassword"
        label="Confirm Password"
        error={errors.confirmPassword}
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton icon={KeyRound} busy={isSubmitting} busyLabel="Resetting...">
        Reset Password
      </SubmitButton>
    </form>
  );
}
