import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { withQueries } from "@/lib/with-queries";
import { AuthShell } from "./auth-shell";
import { AUTH_FALLBACKS, RESET_REDIRECT_DELAY_MS } from "./constants";
import { ResetPasswordForm } from "./reset-password-form";

const backToLoginClass = buttonVariants({ variant: "outline", className: "mt-6 w-full" });

function ResetSucceeded() {
  const [, navigate] = useLocation();
  const linkRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    // The form that held focus is gone; the way on to login takes it.
    linkRef.current?.focus();
    const timer = setTimeout(() => navigate("/login"), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <AuthShell title="Password Reset Successful">
      <p role="status" className="text-sm text-muted-foreground">
        Your password has been changed. Taking you to the login page…
      </p>
      <Link ref={linkRef} href="/login" className={backToLoginClass}>
        Go to Login
      </Link>
    </AuthShell>
  );
}

/** /reset-password?token=…: choose a new password, then back to /login (docs/product.md §2). */
function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get("token");
  const [succeeded, setSucceeded] = useState(false);

  if (succeeded) return <ResetSucceeded />;
  if (!token) {
    return (
      <AuthShell title="Invalid Reset Link">
        <p className="text-sm text-muted-foreground">{AUTH_FALLBACKS.invalidResetLink}</p>
        <Link href="/login" className={backToLoginClass}>
          Back to Login
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Reset Password">
      <ResetPasswordForm token={token} onSuccess={() => setSucceeded(true)} />
      <p className="mt-6 border-t pt-5 text-sm text-muted-foreground">
        Link expired?{" "}
        <Link href="/login" className="text-primary underline-offset-4 hover:underline">
          Request a new one from the login page
        </Link>
      </p>
    </AuthShell>
  );
}

export default withQueries(ResetPasswordPage);
