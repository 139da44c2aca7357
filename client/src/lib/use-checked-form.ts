import { type FormEvent, useCallback, useRef, useState } from "react";

interface CheckedFormOptions<Field extends string, Values> {
  /** The fields' names, in the order they are shown: the first in error gets the focus. */
  fields: readonly Field[];
  /** The form's rules as plain code (common/contact.ts, common/auth-rules.ts): the cleaned values, and each field's error. */
  check: (input: Record<Field, string>) => { values: Values; errors: Partial<Record<Field, string>> };
  /** Sends the checked values; the form waits (isSubmitting) until it settles. */
  onValid: (values: Values, form: HTMLFormElement) => Promise<void> | void;
}

/**
 * A form of uncontrolled fields checked by plain rules, rather than react-hook-form and a zod
 * resolver, which weigh about 40 KB gzip with zod
 * (docs/decisions/0042-form-rules-as-plain-code.md). As react-hook-form did: checked on submit,
 * focus to the first field in error, then checked again on every change; the controls keep what was
 * typed when sending fails. Resetting the form (form.reset()) starts over: no errors, no checks
 * until the next submit. Spread `formProps` on the <form> and name each control after its field.
 */
export function useCheckedForm<Field extends string, Values>({ fields, check, onValid }: CheckedFormOptions<Field, Values>) {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [recheck, setRecheck] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = useRef(false);

  const read = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const input = {} as Record<Field, string>;
    for (const field of fields) {
      const entry = data.get(field);
      input[field] = typeof entry === "string" ? entry : "";
    }
    return check(input);
  };

  const focus = useCallback((field: Field) => {
    const control = formRef.current?.elements.namedItem(field);
    if (control instanceof HTMLElement) control.focus();
  }, []);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (recheck) setErrors(read(event.currentTarget).errors);
  };

  const onReset = () => {
    setErrors({});
    setRecheck(false);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    const form = event.currentTarget;
    const { values, errors: found } = read(form);
    setErrors(found);
    setRecheck(true);
    const firstInvalid = fields.find((field) => found[field]);
    if (firstInvalid) {
      focus(firstInvalid);
      return;
    }
    submitting.current = true;
    setSubmitting(true);
    try {
      await onValid(values, form);
    } finally {
      submitting.current = false;
      setSubmitting(false);
    }
  };

  return {
    errors,
    isSubmitting,
    /** Moves the focus to a field's control. */
    focus,
    formProps: { ref: formRef, noValidate: true, onChange, onReset, onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event) },
  };
}
