import type { ComponentProps, ReactNode } from "react";
import { Input } from "./input";
import { Label } from "./label";

interface FormFieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}

/** A visible label, the control, and the field's error under it (announced to screen readers). */
export function FormField({ id, label, error, children }: FormFieldProps) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria props that tie a control to its FormField error. */
export function fieldAria(id: string, error: string | undefined) {
  return error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
}

interface InputFieldProps extends Omit<ComponentProps<"input">, "id"> {
  id: string;
  label: string;
  error?: string | undefined;
  /**
   * What react-hook-form's register() returned for the field. A form of uncontrolled fields
   * (useCheckedForm) leaves it out and names the input instead.
   */
  registration?: ComponentProps<"input">;
}

/** A labelled text input, its error tied to it. */
export function InputField({ id, label, error, registration, ...inputProps }: InputFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      <Input id={id} {...inputProps} {...fieldAria(id, error)} {...registration} />
    </FormField>
  );
}
