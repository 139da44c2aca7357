import { Send } from "lucide-react";
import { useEffect, useState } from "react";
import { checkForgotPassword, type ForgotPasswordInput } from "@common/auth-rules";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/form-field";
import { useCheckedForm } from "@/lib/use-checked-form";
import { toast } from "@/lib/use-toast";
import { requestPasswordReset } from "./api/forgot-password";
import { AUTH_FALLBACKS, DEV_RESET_LINK_OPEN_DELAY_MS } from "./constants";
import { DevResetNotice } from "./dev-reset-notice";

interface ForgotPasswordFormProps {
  id: string;
  onCancel: () => void;
}

/** The e-mail that receives a reset link; in development without mail the link itself comes back. */
export function ForgotPasswordForm({ id, onCancel }: ForgotPasswordFormProps) {
  // A new object per answer, so two requests in a row each open their own link.
  const [devLink, setDevLink] = useState<{ href: string } | null>(null);

  async function send(values: ForgotPasswordInput) {
    const result = await requestPasswordReset(values);
    if (result.ok) {
      toast({ title: "Password reset requested", description: result.data.message, variant: "success" });
      setDevLink(result.data.resetLink ? { href: result.data.resetLink } : null);
    } else {
      // Only the rate limit's own words help here; any other failure reads the same to the visitor.
      const description = result.status === 429 && result.message ? result.message : AUTH_FALLBACKS.forgotPassword;
      toast({ title: "Request failed", description, variant: "destructive" });
    }
  }

  const { errors, isSubmitting, focus, formProps } = useCheckedForm({ fields: ["email"], check: checkForgotPassword, onValid: send });

  useEffect(() => focus("email"), [focus]);

  useEffect(() => {
    if (!devLink) return;
    const timer = setTimeout(() => window.open(devLink.href, "_blank", "noopener"), DEV_RESET_LINK_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [devLink]);

  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-4 rounded-md border border-primary/30 bg-background/40 p-4">
      <h2 id={`${id}-heading`} className="hud-label text-primary">
        Reset your password
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">Enter the e-mail of your account and we will send you a link to choose a new password.</p>
      <form {...formProps} aria-label="Forgot password" className="mt-4 space-y-4">
        <InputField id="forgot-email" name="email" label="Email" error={errors.email} type="email" autoComplete="email" />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="sm" disabled={isSubmitting}>
            <Send aria-hidden />
            {isSubmitting ? "Sending..." : "Send Reset Link"}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
      {devLink ? <DevResetNotice href={devLink.href} /> : null}
    </section>
  );
}
