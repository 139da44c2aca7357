import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TusUploadKind } from "@common/tus-uploads";
import type { Answer } from "@/lib/api";
import { isFailure, type UnfinishedUpload, type UploadMetadata, type UploadOutcome, useUploadQueue } from "@/lib/resumable-uploads";
import { toastUploadException, toastUploadResults } from "./upload-results";

type Refusal = Extract<Answer<unknown>, { ok: false }>;

interface UploadRun {
  files: File[];
  metadataFor: (index: number) => UploadMetadata;
  /** Every file went up: the form starts afresh. */
  onAllUploaded: () => void;
  /** Keeps the typed values and only the files that failed (none when all were cancelled), so a retry uploads no duplicates. */
  onSomeFailed: (failed: File[]) => void;
  /** The server refused the fields (the first such refusal): the form shows each error under its field. */
  onRefused?: (refusal: Refusal) => void;
}

interface UploadResults {
  /** The toast when not one file went up. */
  allFailed: { title: string; description: string };
  /** The lists the new files join. */
  changes: readonly QueryKey[];
}

/**
 * A multi-file upload of one kind, resumable (tus): the files go in parallel, each with its
 * progress, pause, resume and cancel, then one toast says how it went (docs/product.md §8). A file
 * the admin cancelled counts neither as uploaded nor as failed.
 */
export function useFileUploads(kind: TusUploadKind, { allFailed, changes }: UploadResults) {
  const queryClient = useQueryClient();
  const queue = useUploadQueue(kind, (metadata) => metadata.kind === kind);
  const [busy, setBusy] = useState(false);

  const report = (outcomes: UploadOutcome[]) => {
    const uploaded = outcomes.filter((outcome) => !("cancelled" in outcome) && outcome.ok).length;
    const failed = outcomes.filter(isFailure).length;
    if (uploaded + failed === 0) return;
    toastUploadResults(uploaded, failed, allFailed);
    if (uploaded > 0) for (const queryKey of changes) void queryClient.invalidateQueries({ queryKey });
  };

  const upload = async ({ files, metadataFor, onAllUploaded, onSomeFailed, onRefused }: UploadRun) => {
    setBusy(true);
    try {
      const outcomes = await queue.start(files.map((file, index) => ({ file, metadata: metadataFor(index) })));
      report(outcomes);
      const failedFiles = files.filter((_, index) => isFailure(outcomes[index] ?? { cancelled: true }));
      const uploaded = outcomes.some((outcome) => !("cancelled" in outcome) && outcome.ok);
      // All cancelled: the typed values stay for another file.
      if (uploaded && failedFiles.length === 0) onAllUploaded();
      else onSomeFailed(failedFiles);
      const refusal = outcomes.filter(isFailure).find((outcome) => outcome.status === 400);
      if (refusal) onRefused?.(refusal);
    } catch {
      toastUploadException();
    } finally {
      setBusy(false);
    }
  };

  /** Goes on with an upload an earlier visit left unfinished, with the fields it was started with. */
  const resume = async (unfinished: UnfinishedUpload, file: File) => {
    try {
      report(await queue.start([{ file, metadata: unfinished.metadata, resumes: unfinished.stored }]));
    } catch {
      toastUploadException();
    }
  };

  return { ...queue, busy, upload, resume };
}
