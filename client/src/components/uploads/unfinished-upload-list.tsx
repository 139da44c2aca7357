import { FileUp, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import type { UnfinishedUpload } from "@/lib/resumable-uploads";
import { Button } from "@/components/ui/button";
import { formatFileSize } from "@/lib/file-size";

interface UnfinishedUploadListProps {
  /** Names the list: its heading gets `${id}-heading`. */
  id: string;
  uploads: readonly UnfinishedUpload[];
  accept: string;
  /** The admin chose the upload's own file again: it goes on from the server's offset. */
  onResume: (upload: UnfinishedUpload, file: File) => void;
  onDiscard: (upload: UnfinishedUpload) => void;
}

function held({ offset, size }: UnfinishedUpload): string {
  return offset === null
    ? `${formatFileSize(size)}; the server could not be reached to say how much it holds`
    : `${formatFileSize(offset)} of ${formatFileSize(size)} on the server`;
}

function UnfinishedUploadItem({
  upload,
  accept,
  onResume,
  onDiscard,
}: { upload: UnfinishedUpload } & Pick<UnfinishedUploadListProps, "accept" | "onResume" | "onDiscard">) {
  const input = useRef<HTMLInputElement>(null);
  const [mismatch, setMismatch] = useState<string>();
  const title = upload.metadata.title;
  return (
    <li className="space-y-2 rounded-md border border-dashed bg-background/60 px-3 py-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="min-w-0 flex-1 truncate font-medium">{upload.filename}</span>
        <span className="font-mono text-xs text-muted-foreground">{held(upload)}</span>
      </div>
      {title ? <p className="text-sm text-muted-foreground">{title}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
          <FileUp aria-hidden />
          Choose {upload.filename} again
        </Button>
        <Button type="button" variant="ghost" size="sm" aria-label={`Discard upload of ${upload.filename}`} onClick={() => onDiscard(upload)}>
          <Trash2 aria-hidden />
          Discard
        </Button>
      </div>
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        accept={accept}
        aria-label={`Choose ${upload.filename} again to resume its upload`}
        onChange={(event) => {
          const [file] = event.target.files ?? [];
          event.target.value = "";
          if (!file) return;
          if (file.name !== upload.filename || file.size !== upload.size) {
            setMismatch(
              `That is "${file.name}" (${formatFileSize(file.size)}): choose "${upload.filename}" (${formatFileSize(upload.size)}) to resume this upload.`,
            );
            return;
          }
          setMismatch(undefined);
          onResume(upload, file);
        }}
      />
      {mismatch ? (
        <p role="alert" className="text-sm text-destructive">
          {mismatch}
        </p>
      ) : null}
    </li>
  );
}

/**
 * Uploads an earlier visit left unfinished (the page was reloaded or closed, the connection lost):
 * the browser cannot read a file again by itself, so the admin chooses it again and only the rest
 * is sent; or discards it, deleting what the server holds.
 */
export function UnfinishedUploadList({ id, uploads, accept, onResume, onDiscard }: UnfinishedUploadListProps) {
  if (!uploads.length) return null;
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-accent/50 p-3">
      <div className="space-y-1">
        <h3 id={headingId} className="text-sm font-semibold">
          Unfinished uploads
        </h3>
        <p className="text-sm text-muted-foreground">These stopped before they were complete. Choose the same file again to resume: only the rest is sent.</p>
      </div>
      <ul aria-labelledby={headingId} className="space-y-2">
        {uploads.map((upload) => (
          <UnfinishedUploadItem key={upload.key} upload={upload} accept={accept} onResume={onResume} onDiscard={onDiscard} />
        ))}
      </ul>
    </section>
  );
}
