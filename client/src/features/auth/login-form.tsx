import { zodResolver } from "@hookform/resolvers/zod";
import { LogIn } from "lucide-react";
import { useForm } from "react-hook-form";
import { type LoginInput, loginSchema } from "@common/auth";
import { SubmitButton } from "@/components/ui/submit-button";
import { InputField } from "@/components/ui/form-field";
import { login } from "./api/login";
import { SIGN_IN_TOASTS } from "./constants";
import { useSignIn } from "./use-sign-in";

/** Username and password; a failed attempt keeps what was typed (docs/product.md §8 toasts). */
export function LoginForm() {
  const signIn = useSignIn(login, SIGN_IN_TOASTS.login);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: "", password: "" } });

  const onSubmit = handleSubmit(signIn);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Login" className="space-y-5">
      <InputField id="login-username" label="Username" error={errors.username?.message} autoComplete="username" autoCapitalize="none" spellCheck={false} registration={register("username")} />
      <InputField id="login-password" label="Password" error={errors.password?.message} type="password" autoComplete="current-password" registration={register("password")} />
      <SubmitButton icon={LogIn} busy={isSubmitting} busyLabel="Logging in...">
        Login
      </SubmitButton>
    </form>
  );
}
