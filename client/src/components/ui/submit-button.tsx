import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button";

interface SubmitButtonProps {
  icon: LucideIcon;
  /** The form is on its way: the button waits and says so. */
  busy: boolean;
  busyLabel: string;
  disabled?: boolean;
  children: ReactNode;
}

/** A form's full-width submit button, with what it says while the form is sent. */
export function SubmitButton({ icon: Icon, busy, busyLabel, disabled = false, children }: SubmitButtonProps) {
  return (
    <Button type="submit" size="lg" disabled={busy || disabled} className="w-full">
      <Icon aria-hidden />
      {busy ? busyLabel : children}
    </Button>
  );
}
