import { zodResolver } from "@hookform/resolvers/zod";
import { LogIn } from "lucide-react";
import { useForm } from "react-hook-form";
import { type LoginInput, loginSchema } from "@common/auth";
import { Button } from "@/components/ui/button";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/lib/use-toast";
import { login } from "./api/login";
import { AUTH_FALLBACKS } from "./constants";
import { useSignIn } from "./use-sign-in";

/** Username and password; a failed attempt keeps what was typed (SPEC §8 toasts). */
export function LoginForm() {
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    const result = await login(values);
    if (result.ok) {
      toast({ title: "Welcome back", description: "Logged in successfully", variant: "success" });
      signIn(result.data);
    } else {
      toast({ title: "Login failed", description: result.message ?? AUTH_FALLBACKS.login, variant: "destructive" });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Login" className="space-y-5">
      <FormField id="login-username" label="Username" error={errors.username?.message}>
        <Input
          id="login-username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...fieldAria("login-username", errors.username?.message)}
          {...register("username")}
        />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          {...fieldAria("login-password", errors.password?.message)}
          {...register("password")}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        <LogIn aria-hidden />
        {isSubmitting ? "Logging in..." : "Login"}
      </Button>
    </form>
  );
}
