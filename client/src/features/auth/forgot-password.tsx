import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ForgotPasswordForm } from "./forgot-password-form";

/** The "Forgot Password?" toggle under the login form and the panel it reveals, open at once when asked. */
export function ForgotPassword({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <div className="mt-4">
      <Button
        ref={toggleRef}
        type="button"
        variant="link"
        className="h-auto px-0 py-1"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        Forgot Password?
      </Button>
      {open ? <ForgotPasswordForm id={panelId} onCancel={close} /> : null}
    </div>
  );
}
