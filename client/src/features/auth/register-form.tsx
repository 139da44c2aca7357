import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { type RegisterInput, registerSchema } from "@common/auth";
import { Button } from "@/components/ui/button";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/lib/use-toast";
import { registerAccount } from "./api/register-account";
import { AUTH_FALLBACKS } from "./constants";
import { useSignIn } from "./use-sign-in";

const emptyRegisterForm: RegisterInput = { username: "", email: "", firstName: "", lastName: "", password: "" };

/** A new customer account; the answer logs the customer in (SPEC §8 toasts). */
export function RegisterForm() {
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, z.output<typeof registerSchema>>({ resolver: zodResolver(registerSchema), defaultValues: emptyRegisterForm });

  const onSubmit = handleSubmit(async (values) => {
    const result = await registerAccount(values);
    if (result.ok) {
      toast({ title: "Account created", description: "Welcome to SkyVantage", variant: "success" });
      signIn(result.data);
    } else {
      toast({ title: "Registration failed", description: result.message ?? AUTH_FALLBACKS.register, variant: "destructive" });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Register" className="space-y-5">
      <FormField id="register-username" label="Username" error={errors.username?.message}>
        <Input
          id="register-username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...fieldAria("register-username", errors.username?.message)}
          {...register("username")}
        />
      </FormField>
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        <Input id="register-email" type="email" autoComplete="email" {...fieldAria("register-email", errors.email?.message)} {...register("email")} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="register-first-name" label="First Name (optional)" error={errors.firstName?.message}>
          <Input
            id="register-first-name"
            autoComplete="given-name"
            {...fieldAria("register-first-name", errors.firstName?.message)}
            {...register("firstName")}
          />
        </FormField>
        <FormField id="register-last-name" label="Last Name (optional)" error={errors.lastName?.message}>
          <Input
            id="register-last-name"
            autoComplete="family-name"
            {...fieldAria("register-last-name", errors.lastName?.message)}
            {...register("lastName")}
          />
        </FormField>
      </div>
      <FormField id="register-password" label="Password" error={errors.password?.message}>
        <Input
          id="register-password"
          type="password"
          autoComplete="new-password"
          {...fieldAria("register-password", errors.password?.message)}
          {...register("password")}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        <UserPlus aria-hidden />
        {isSubmitting ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}
