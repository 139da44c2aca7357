import type { ComponentProps } from "react";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import type { FieldErrors } from "./page-form-values";

/** A control's id from its path in the document: "packages.items.0.name" is "page-packages-items-0-name". */
export const fieldId = (path: string) => `page-${path.replaceAll(".", "-")}`;

interface TextFieldProps extends Omit<ComponentProps<"input">, "id" | "value" | "onChange"> {
  path: string;
  label: string;
  value: string;
  errors: FieldErrors;
  onChange: (value: string) => void;
  /** Several lines (a textarea), for paragraphs and lists of lines. */
  multiline?: boolean;
  hint?: string;
  /** A line under the control, such as the rich text's syntax. */
  help?: string;
}

/** A labelled text field of the page's form, its error (keyed by the document's path) tied to it. */
export function TextField({ path, label, value, errors, onChange, multiline, hint, help, ...props }: TextFieldProps) {
  const id = fieldId(path);
  const error = errors[path];
  const hintId = hint ? `${id}-hint` : undefined;
  const helpId = help ? `${id}-help` : undefined;
  const aria = fieldAria(id, error);
  const describedBy = [hintId, helpId, aria["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return (
    <FormField id={id} label={label} error={error}>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <Textarea
          id={id}
          value={value}
          rows={4}
          onChange={(event) => onChange(event.target.value)}
          placeholder={props.placeholder}
          {...aria}
          aria-describedby={describedBy}
        />
      ) : (
        <Input
          id={id}
          value={value}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
          {...props}
          {...aria}
          aria-describedby={describedBy}
        />
      )}
      {help ? (
        <p id={helpId} className="text-xs text-muted-foreground">
          {help}
        </p>
      ) : null}
    </FormField>
  );
}
