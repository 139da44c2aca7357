import type { ChangeEvent } from "react";
import { useId, useState } from "react";
import type { ScannedCopy as Copy } from "@common/contract/operator-records";
import { ACCEPT_ATTRIBUTE } from "@common/uploads";
import { toast } from "@/lib/use-toast";
import { useUploadCopy } from "./api";

/**
 * "Scanned copy: view / replace" of a certificate or a policy (docs/decisions/0075-scanned-copies.md):
 * the copy on file opens in a new tab; choosing a file (PDF, JPEG or PNG) files it at once, the
 * replaced one kept in the record's history. A refusal is said under it, with the server's reason.
 */
export function ScannedCopy({ url, copy, name }: { url: string; copy: Copy | null; name: string }) {
  const id = useId();
  const upload = useUploadCopy();
  const [refusal, setRefusal] = useState<string>();

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setRefusal(undefined);
    const answer = await upload.mutateAsync({ url, file });
    input.value = "";
    if (!answer.ok) {
      setRefusal(answer.message ?? answer.generic);
      return;
    }
    toast({ title: answer.data.message, variant: "success" });
  };

  const action = copy ? "replace" : "upload";
  return (
    <div className="text-xs text-muted-foreground">
      <span>Scanned copy: </span>
      {copy ? (
        <a href={url} target="_blank" rel="noopener" className="text-primary underline underline-offset-2" title={copy.name}>
          view<span className="sr-only"> the scanned copy of {name}</span>
        </a>
      ) : (
        <span>none on file</span>
      )}
      <span aria-hidden="true"> / </span>
      <input
        id={id}
        type="file"
        accept={ACCEPT_ATTRIBUTE.scannedCopy}
        className="peer sr-only"
        disabled={upload.isPending}
        onChange={(event) => void onChange(event)}
        aria-describedby={refusal ? `${id}-error` : undefined}
        aria-invalid={refusal ? true : undefined}
      />
      <label
        htmlFor={id}
        className="cursor-pointer rounded-sm text-primary underline underline-offset-2 peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-disabled:cursor-wait"
      >
        {upload.isPending ? "uploading…" : action}
        <span className="sr-only"> the scanned copy of {name} (PDF, JPEG or PNG)</span>
      </label>
      {refusal ? (
        <p id={`${id}-error`} role="alert" className="text-destructive">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
