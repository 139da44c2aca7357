import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { TUS_METADATA_FIELDS, TusUploadKind } from "@common/tus-uploads";
import type { QueuedUpload, UnfinishedUpload, UploadMetadata, UploadOutcome, UploadQueue, UploadRequest } from "./upload-queue";

export type { QueuedUpload, UnfinishedUpload, UploadMetadata, UploadOutcome, UploadRequest } from "./upload-queue";

/** Upload-Metadata of one kind: the keys common/tus-uploads.ts names for it (the queue adds filename and filetype). */
export type UploadMetadataOf<Kind extends TusUploadKind> = { kind: Kind } & Partial<Record<(typeof TUS_METADATA_FIELDS)[Kind][number], string>>;

// Uppy and tus-js-client load with the first form that uploads, never with a screen that does not (e2e/budget.spec.ts).
const loadUploader = () => import("./upload-queue");
const loadQueue = async (app: object, scope: string) => (await loadUploader()).queueFor(app, scope);

const NO_ITEMS: readonly QueuedUpload[] = [];
const NO_UNFINISHED: readonly UnfinishedUpload[] = [];
const noSubscription = () => () => {};
const noItems = () => NO_ITEMS;

type Failure = Extract<UploadOutcome, { ok: false }>;

/** Whether an upload's outcome is the server's refusal or a failure (not a success, not a cancellation). */
export const isFailure = (outcome: UploadOutcome): outcome is Failure => !("cancelled" in outcome) && !outcome.ok;

/**
 * The refusal with its field errors, a 415 naming the file when its body names no field: the
 * content, read once the upload is complete, is the file's fault. For showRefusal.
 */
export function withFileError(failure: Failure): Failure {
  const body = failure.body as { errors?: Record<string, string> } | undefined;
  if (failure.status !== 415 || body?.errors || !failure.message) return failure;
  return { ...failure, body: { ...body, errors: { file: failure.message } } };
}

/**
 * One form's resumable uploads (tus, through Uppy): its queue of files with their progress, and
 * the uploads an earlier visit left unfinished that `matches` (its kind, its job) keeps. `scope`
 * names the queue: one per form, living as long as the page, so a closed dialog's upload goes on.
 * Nothing loads while `enabled` is false.
 */
export function useUploadQueue(scope: string, matches: (metadata: UploadMetadata) => boolean, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<UploadQueue>();
  useEffect(() => {
    // A dialog's form loads the uploader when it opens, not with the page that holds its button.
    if (!enabled) return;
    let current = true;
    void loadQueue(queryClient, scope).then((loaded) => {
      if (current) setQueue(loaded);
    });
    return () => {
      current = false;
    };
  }, [queryClient, scope, enabled]);
  const items = useSyncExternalStore(queue?.subscribe ?? noSubscription, queue?.getItems ?? noItems);

  const unfinishedKey = ["unfinished-uploads", scope];
  const unfinished = useQuery({ queryKey: unfinishedKey, queryFn: async () => (await loadQueue(queryClient, scope)).unfinished(matches), enabled });
  const listAgain = () => queryClient.invalidateQueries({ queryKey: unfinishedKey });

  return {
    items,
    unfinished: unfinished.data ?? NO_UNFINISHED,
    /** Sends the files and resolves with each one's outcome, in order, once all have ended. */
    start: async (requests: readonly UploadRequest[]): Promise<UploadOutcome[]> => {
      const outcomes = await (await loadQueue(queryClient, scope)).start(requests);
      // Once queued, a file resumed from the list leaves it; once ended, one that failed may join it.
      void listAgain();
      const ended = await Promise.all(outcomes);
      void listAgain();
      return ended;
    },
    pauseOrResume: (id: string) => queue?.pauseOrResume(id),
    cancel: (id: string) => queue?.cancel(id),
    /** Deletes an unfinished upload on the server and takes it off the list. */
    discard: async (upload: UnfinishedUpload) => {
      await (await loadUploader()).discardUpload(upload.stored);
      await listAgain();
    },
  };
}
