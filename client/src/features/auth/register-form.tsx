import { UserPlus } from "lucide-react";
import { checkRegister } from "@common/auth-rules";
import { SubmitButton } from "@/components/ui/submit-button";
import { InputField } from "@/components/ui/form-field";
import { useCheckedForm } from "@/lib/use-checked-form";
import { registerAccount } from "./api/register-account";
import { SIGN_IN_TOASTS } from "./constants";
import { useSignIn } from "./use-sign-in";
import { UsernameField } from "./username-field";

/** A new customer account; the answer logs the customer in (docs/product.md §8 toasts). */
export function RegisterForm() {
  const signIn = useSignIn(registerAccount, SIGN_IN_TOASTS.register);
  const { errors, isSubmitting, formProps } = useCheckedForm({
    fields: ["username", "email", "firstName", "lastName", "password"],
    check: checkRegister,
    onValid: signIn,
  });

  return (
    <form {...formProps} aria-label="Register" className="space-y-5">
      <UsernameField id="register-username" error={errors.username} />
      <InputField id="register-email" name="email" label="Email" error={errors.email} type="email" autoComplete="email" />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField id="register-first-name" name="firstName" label="First Name (optional)" error={errors.firstName} autoComplete="given-name" />
        <InputField id="register-last-name" name="lastName" label="Last Name (optional)" error={errors.lastName} autoComplete="family-name" />
      </div>
      <InputField id="register-password" name="password" label="Password" error={errors.password} type="password" autoComplete="new-password" />
      <SubmitButton icon={UserPlus} busy={isSubmitting} busyLabel="Creating account...">
        Create Account
      </SubmitButton>
    </form>
  );
}
