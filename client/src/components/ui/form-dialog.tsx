import { type FormEventHandler, type ReactNode, useState } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { Button, type ButtonProps } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog";
import { FormRefusal } from "@/components/ui/panel-states";

/**
 * The state of a dialog holding one form: each opening starts it afresh (`restart`
 * resets the form to what it offers now) with no refusal left from last time; `close` after a
 * write that succeeded. `initiallyOpen`: a dialog loaded by the press that opens it (dialog-on-demand.tsx).
 */
export function useFormDialog(restart: () => void, initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen);
  const [refusal, setRefusal] = useState<string>();
  const onOpenChange = (next: boolean) => {
    if (next) {
      restart();
      setRefusal(undefined);
    }
    setOpen(next);
  };
  return { open, onOpenChange, close: () => setOpen(false), refusal, setRefusal };
}

interface DialogFormProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** What the server said that names no field, shown above the fields. */
  refusal: string | undefined;
  /** The submit button's words, and its words while the write is under way. */
  submit: string;
  submitting: string;
  pending: boolean;
  variant?: ButtonProps["variant"];
  children: ReactNode;
}

/** A dialog's form: the refusal above its fields, then Cancel and the submit, disabled while pending. */
export function DialogForm({ label, onSubmit, refusal, submit, submitting, pending, variant, children }: DialogFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="space-y-4">
      <FormRefusal>{refusal}</FormRefusal>
      {children}
      <DialogActions closeLabel="Cancel">
        <Button type="submit" variant={variant} disabled={pending}>
          {pending ? submitting : submit}
        </Button>
      </DialogActions>
    </form>
  );
}

/** An issue found in the browser before sending, keyed by its path as the server keys its errors. */
export interface FormIssue {
  path: string;
  message: string;
}

/** The issues a schema's safeParse found, in that form. */
export const issuesOf = (
  checked: { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
): FormIssue[] => (checked.success ? [] : checked.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })));

/** Puts each issue under its field; true when there was any, and nothing should be sent. */
export function refuseIssues<Values extends FieldValues>(
  issues: readonly FormIssue[],
  setError: UseFormSetError<Values>,
  fieldOf: (path: string) => Path<Values> | undefined,
): boolean {
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field) setError(field, { message: issue.message }, { shouldFocus: true });
  }
  return issues.length > 0;
}
