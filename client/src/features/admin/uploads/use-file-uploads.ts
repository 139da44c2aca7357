import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type FileUploadState, initialUploadStates } from "./upload-progress";
import { toastUploadException, toastUploadResults } from "./upload-results";

interface UploadRun {
  files: File[];
  send: (file: File, index: number, onProgress: (fraction: number) => void) => Promise<void>;
  /** The toast when not one file went up. */
  allFailed: { title: string; description: string };
  /** The lists the new files join. */
  changes: readonly QueryKey[];
  /** Every file went up: the form starts afresh. */
  onAllUploaded: () => void;
  /** Keeps the typed values and only the files that failed, so a retry uploads no duplicates. */
  onSomeFailed: (failed: File[]) => void;
}

/** A multi-file upload: one request per file, one at a time, each with its progress bar, then one toast (docs/product.md §8). */
export function useFileUploads() {
  const queryClient = useQueryClient();
  const [states, setStates] = useState<FileUploadState[]>([]);
  const [busy, setBusy] = useState(false);

  const update = (index: number, patch: Partial<FileUploadState>) =>
    setStates((current) => current.map((state, position) => (position === index ? { ...state, ...patch } : state)));

  const upload = async ({ files, send, allFailed, changes, onAllUploaded, onSomeFailed }: UploadRun) => {
    setBusy(true);
    setStates(initialUploadStates(files));
    try {
      const failedFiles: File[] = [];
      // One at a time: each file gets the whole connection, and the progress bars fill in order.
      for (const [index, file] of files.entries()) {
        update(index, { status: "uploading" });
        try {
          await send(file, index, (progress) => update(index, { progress }));
          update(index, { status: "done", progress: 1 });
        } catch {
          update(index, { status: "failed" });
          failedFiles.push(file);
        }
      }
      const uploaded = files.length - failedFiles.length;
      toastUploadResults(uploaded, failedFiles.length, allFailed);
      if (uploaded > 0) for (const queryKey of changes) void queryClient.invalidateQueries({ queryKey });
      if (failedFiles.length === 0) {
        onAllUploaded();
        setStates([]);
      } else {
        onSomeFailed(failedFiles);
      }
    } catch {
      toastUploadException();
    } finally {
      setBusy(false);
    }
  };

  return { states, busy, upload };
}
