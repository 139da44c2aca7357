import type { ChangeEvent } from "react";
import { useId, useState } from "react";
import type { ScannedCopy as Copy } from "@common/contract/operator-records";
import { SCANNED_COPY_FILES } from "@common/operator-records";
import type { Answer } from "@/lib/api";
import { sendUpload } from "@/lib/upload";
import { toast } from "@/lib/use-toast";
import { certificatesUrl, INSURANCE_URL, type Saved, useRecordWrite } from "./api";

// Here, not in api.ts: the job page reads api.ts's warnings, and these stay in the Fleet tab's code.

/** A certificate's scanned copy: GET shows it, POST files a new one (docs/decisions/0075-scanned-copies.md). */
export const certificateCopyUrl = (pilotId: number, id: number) => `${certificatesUrl(pilotId)}/${id}/scanned-copy`;
/** A policy's document: GET shows it, POST files a new one (admins). */
export const policyCopyUrl = (id: number) => `${INSURANCE_URL}/${id}/scanned-copy`;

/** Files a scanned copy; the answer, never thrown, so a refusal shows under the file picker. The lists reload either way. */
const useUploadCopy = () =>
  useRecordWrite(({ url, file }: { url: string; file: File }): Promise<Answer<Saved<unknown>>> => sendUpload<Saved<unknown>>(url, {}, file));

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
        accept={SCANNED_COPY_FILES.types.join(",")}
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
