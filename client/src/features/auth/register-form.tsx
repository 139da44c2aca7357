import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { type RegisterInput, registerSchema } from "@common/auth";
import { SubmitButton } from "@/components/ui/submit-button";
import { InputField } from "@/components/ui/form-field";
import { registerAccount } from "./api/register-account";
import { SIGN_IN_TOASTS } from "./constants";
import { useSignIn } from "./use-sign-in";

const emptyRegisterForm: RegisterInput = { username: "", email: "", firstName: "", lastName: "", password: "" };

/** A new customer account; the answer logs the customer in (docs/product.md §8 toasts). */
export function RegisterForm() {
  const signIn = useSignIn(registerAccount, SIGN_IN_TOASTS.register);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, z.output<typeof registerSchema>>({ resolver: zodResolver(registerSchema), defaultValues: emptyRegisterForm });

  const onSubmit = handleSubmit(signIn);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Register" className="space-y-5">
      <InputField id="register-username" label="Username" error={errors.username?.message} autoComplete="username" autoCapitalize="none" spellCheck={false} registration={register("username")} />
      <InputField id="register-email" label="Email" error={errors.email?.message} type="email" autoComplete="email" registration={register("email")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField id="register-first-name" label="First Name (optional)" error={errors.firstName?.message} autoComplete="given-name" registration={register("firstName")} />
        <InputField id="register-last-name" label="Last Name (optional)" error={errors.lastName?.message} autoComplete="family-name" registration={register("lastName")} />
      </div>
      <InputField id="register-password" label="Password" error={errors.password?.message} type="password" autoComplete="new-password" registration={register("password")} />
      <SubmitButton icon={UserPlus} busy={isSubmitting} busyLabel="Creating account...">
        Create Account
      </SubmitButton>
    </form>
  );
}
