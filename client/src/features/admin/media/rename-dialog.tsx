import { zodResolver } from "@hookform/resolvers/zod";
import { type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { deliverableEditSchema } from "@common/deliverables";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { DialogForm, useFormDialog } from "@/components/ui/form-dialog";
import { fieldAria, FormField, InputField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { showRefusal } from "@/lib/show-refusal";
import { toast } from "@/lib/use-toast";
import { type DeliverableKind, useRenameDeliverable } from "./api/deliverables";
import { RenameTrigger } from "./rename-trigger";

type Values = z.input<typeof deliverableEditSchema>;
type Edit = z.output<typeof deliverableEditSchema>;

const fieldOf = (path: string) => (path === "title" || path === "description" ? (path as Path<Values>) : undefined);

export interface RenameDialogProps {
  kind: DeliverableKind;
  item: { id: number; title: string; description: string };
}

/**
 * "Rename": an admin corrects a delivered report's or media item's title and description
 * (PATCH /api/admin/{kind}/{id}), checked by the server's own rules; a refusal shows under its
 * field and what was typed stays.
 */
export function RenameDialog({ kind, item, openAtOnce = false }: RenameDialogProps & OpensAtOnce) {
  const rename = useRenameDeliverable(kind, item.id);
  const form = useForm<Values, unknown, Edit>({
    resolver: zodResolver(deliverableEditSchema),
    defaultValues: { title: item.title, description: item.description },
  });
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => form.reset({ title: item.title, description: item.description }), openAtOnce);
  const errors = form.formState.errors;
  const idPrefix = `rename-${kind}-${item.id}`;

  const onSubmit = form.handleSubmit(async (edit) => {
    setRefusal(undefined);
    const answer = await rename.mutateAsync(edit);
    if (!answer.ok) {
      setRefusal(showRefusal(answer, form.setError, fieldOf));
      return;
    }
    toast({ title: "Renamed", description: `"${answer.data.data.title}" is saved`, variant: "success" });
    close();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <RenameTrigger title={item.title} />
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          eyebrow={`// ${kind === "reports" ? "Report" : "Media file"}`}
          title={`Rename "${item.title}"`}
          description="The customer sees the new title and description at once."
        />
        <DialogForm label="Rename" onSubmit={onSubmit} refusal={refusal} submit="Save" submitting="Saving…" pending={rename.isPending}>
          <InputField id={`${idPrefix}-title`} label="Title" error={errors.title?.message} registration={form.register("title")} />
          <FormField id={`${idPrefix}-description`} label="Description" error={errors.description?.message}>
            <Textarea
              id={`${idPrefix}-description`}
              rows={4}
              {...fieldAria(`${idPrefix}-description`, errors.description?.message)}
              {...form.register("description")}
            />
          </FormField>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
