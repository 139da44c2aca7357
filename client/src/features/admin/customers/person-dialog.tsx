import { type FormEvent, type ReactNode, useState } from "react";
import type { ErrorResponse } from "@common/contract/wire";
import type { Answer } from "@/lib/api";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { DialogForm, useFormDialog } from "@/components/ui/form-dialog";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { toast } from "@/lib/use-toast";

/** One field of a person's form: a line, a choice, several lines or a tick. */
interface PersonField {
  name: string;
  label: string;
  kind?: "text" | "email" | "tel" | "select" | "textarea" | "checkbox";
  options?: readonly { value: string; label: string }[];
  initial?: string | boolean;
}

interface PersonDialogProps {
  trigger: string;
  title: string;
  description: string;
  submit: string;
  submitting: string;
  idPrefix: string;
  fields: readonly PersonField[];
  /** Sends the values as read from the form; the dialog shows the server's field errors, or closes with its message. */
  send: (values: Record<string, string | boolean>) => Promise<Answer<{ message?: string }>>;
  success: string;
}

function control(field: PersonField, id: string, error: string | undefined): ReactNode {
  const aria = fieldAria(id, error);
  const initial = typeof field.initial === "string" ? field.initial : undefined;
  if (field.kind === "select")
    return (
      <NativeSelect id={id} name={field.name} defaultValue={initial} {...aria}>
        {field.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    );
  if (field.kind === "textarea") return <Textarea id={id} name={field.name} rows={3} defaultValue={initial} {...aria} />;
  return <Input id={id} name={field.name} type={field.kind ?? "text"} defaultValue={initial} {...aria} />;
}

/** A back-office dialog that sends a person's details (invite, add a customer, edit a profile) and names each field the server refuses. */
export function PersonDialog({ trigger, title, description, submit, submitting, idPrefix, fields, send, success }: PersonDialogProps) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => setErrors({}));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values: Record<string, string | boolean> = {};
    for (const field of fields) values[field.name] = field.kind === "checkbox" ? data.get(field.name) === "on" : String(data.get(field.name) ?? "");
    setPending(true);
    const answer = await send(values);
    setPending(false);
    if (!answer.ok) {
      const body = answer.body as ErrorResponse | undefined;
      setErrors(body?.errors ?? {});
      return setRefusal(answer.message ?? answer.generic);
    }
    toast({ title: success, description: answer.data.message, variant: "success" });
    close();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline">
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeading title={title} description={description} />
        <DialogForm label={title} onSubmit={(event) => void onSubmit(event)} refusal={refusal} submit={submit} submitting={submitting} pending={pending}>
          {fields.map((field) => {
            const id = `${idPrefix}-${field.name}`;
            if (field.kind === "checkbox")
              return (
                <label key={field.name} htmlFor={id} className="flex items-center gap-2 text-sm">
                  <input id={id} name={field.name} type="checkbox" defaultChecked={field.initial === true} className="size-4" />
                  {field.label}
                </label>
              );
            return (
              <FormField key={field.name} id={id} label={field.label} error={errors[field.name]}>
                {control(field, id, errors[field.name])}
              </FormField>
            );
          })}
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
