import { type ChangeEvent, type ReactNode, useId, useState } from "react";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { useFormDialog } from "@/components/ui/form-dialog";
import { sendUpload } from "@/lib/upload";
import { toast } from "@/lib/use-toast";

export interface FileImportDialogProps {
  /** Where the file is POSTed, as multipart `file`. */
  url: string;
  title: string;
  description: string;
  /** The file field's label. */
  label: string;
  accept: string;
  /** What shows while the server reads it ("Importing the layout…"). */
  pendingText: string;
  /** The button that opens it (the dialog's trigger). */
  trigger: ReactNode;
  /** After the server took it: what to reload. */
  onImported: () => Promise<unknown>;
  openAtOnce?: boolean;
}

/**
 * A dialog that sends one file as soon as it is picked: the server's reason for a refused file is
 * said under the field (the file stays with the user to fix), a taken one closes it with a toast.
 */
export function FileImportDialog({ url, title, description, label, accept, pendingText, trigger, onImported, openAtOnce = false }: FileImportDialogProps) {
  const id = useId();
  const [pending, setPending] = useState(false);
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => undefined, openAtOnce);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setRefusal(undefined);
    setPending(true);
    const answer = await sendUpload<{ message: string }>(url, {}, file);
    setPending(false);
    input.value = "";
    if (!answer.ok) {
      setRefusal(answer.message ?? answer.generic);
      return;
    }
    toast({ title: answer.data.message, variant: "success" });
    await onImported();
    close();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeading title={title} description={description} />
        <div className="space-y-2">
          <label htmlFor={id} className="text-sm font-medium">
            {label}
          </label>
          <input
            id={id}
            type="file"
            accept={accept}
            className="block w-full text-sm"
            disabled={pending}
            onChange={(event) => void onChange(event)}
            aria-describedby={refusal ? `${id}-error` : undefined}
            aria-invalid={refusal ? true : undefined}
          />
          {pending ? <p className="text-sm text-muted-foreground">{pendingText}</p> : null}
          {refusal ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {refusal}
            </p>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
