import { LogIn } from "lucide-react";
import { checkLogin } from "@common/auth-rules";
import { SubmitButton } from "@/components/ui/submit-button";
import { InputField } from "@/components/ui/form-field";
import { useCheckedForm } from "@/lib/use-checked-form";
import { login } from "./api/login";
import { SIGN_IN_TOASTS } from "./constants";
import { useSignIn } from "./use-sign-in";
import { UsernameField } from "./username-field";

/** Username and password; a failed attempt keeps what was typed (docs/product.md §8 toasts). */
export function LoginForm() {
  const signIn = useSignIn(login, SIGN_IN_TOASTS.login);
  const { errors, isSubmitting, formProps } = useCheckedForm({ fields: ["username", "password"], check: checkLogin, onValid: signIn });

  return (
    <form {...formProps} aria-label="Login" className="space-y-5">
      <UsernameField id="login-username" error={errors.username} />
      <InputField id="login-password" name="password" label="Password" error={errors.password} type="password" autoComplete="current-password" />
      <SubmitButton icon={LogIn} busy={isSubmitting} busyLabel="Logging in...">
        Login
      </SubmitButton>
    </form>
  );
}
