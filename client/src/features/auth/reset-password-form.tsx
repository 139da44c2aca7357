import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { type ResetPasswordForm as ResetPasswordValues, resetPasswordFormSchema } from "@common/auth";
import { SubmitButton } from "@/components/ui/submit-button";
import { InputField } from "@/components/ui/form-field";
import { USER_QUERY_KEY } from "@/lib/auth";
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
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { newPassword: "", confirmPassword: "" } });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    const result = await resetPassword({ token, newPassword });
    if (result.ok) {
      // A reset ends every session of the account on the server, this browser's included.
      queryClient.setQueryData(USER_QUERY_KEY, null);
      onSuccess();
      return;
    }
    const description = result.status === null ? AUTH_FALLBACKS.network : (result.message ?? AUTH_FALLBACKS.resetPassword);
    toast({ title: "Reset failed", description, variant: "destructive" });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset password" className="space-y-5">
      <InputField id="reset-new-password" label="New Password" error={errors.newPassword?.message} type="password" autoComplete="new-password" registration={register("newPassword")} />
      <InputField id="reset-confirm-password" label="Confirm Password" error={errors.confirmPassword?.message} type="password" autoComplete="new-password" registration={register("confirmPassword")} />
      <SubmitButton icon={KeyRound} busy={isSubmitting} busyLabel="Resetting...">
        Reset Password
      </SubmitButton>
    </form>
  );
}
