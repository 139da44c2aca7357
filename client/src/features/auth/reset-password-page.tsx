import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { sessionKeys } from "@/api/session";
import { buttonVariants } from "@/components/ui/button";
import { withQueries } from "@/lib/with-queries";
import { checkResetToken } from "./api/check-reset-token";
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

/** No token, or one the server no longer takes (used, expired, made up): the way to a new link. */
function InvalidResetLink() {
  return (
    <AuthShell title="Invalid Reset Link">
      <p role="status" className="text-sm text-muted-foreground">
        {AUTH_FALLBACKS.invalidResetLink}
      </p>
      <Link href="/login?forgot" className={buttonVariants({ className: "mt-6 w-full" })}>
        Request a New Link
      </Link>
      <Link href="/login" className={buttonVariants({ variant: "outline", className: "mt-3 w-full" })}>
        Back to Login
      </Link>
    </AuthShell>
  );
}

/**
 * /reset-password?token=…: the link is checked as the page opens, so a used or expired one is
 * refused before anything is typed; then a new password, then back to /login (docs/product.md §2).
 * A check that gets no answer shows the form, whose reset gives the server's own word.
 */
function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get("token");
  const [succeeded, setSucceeded] = useState(false);
  const check = useQuery({
    queryKey: sessionKeys.resetLink(token),
    queryFn: () => checkResetToken(token ?? ""),
    enabled: token !== null && token !== "",
    retry: false,
    // Asked once per opening: the answer changes only when the link is used, which ends this page.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  if (succeeded) return <ResetSucceeded />;
  if (!token || (check.data?.ok && !check.data.data.valid)) return <InvalidResetLink />;
  if (check.isPending) {
    return (
      <AuthShell title="Reset Password">
        <p role="status" className="hud-label text-center text-primary">
          Checking your link…
        </p>
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
