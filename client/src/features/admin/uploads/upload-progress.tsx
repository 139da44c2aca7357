import { CheckCircle2, CircleAlert } from "lucide-react";

export type FileUploadState = { name: string; progress: number; status: "waiting" | "uploading" | "done" | "failed" };

export function initialUploadStates(files: File[]): FileUploadState[] {
  return files.map((file) => ({ name: file.name, progress: 0, status: "waiting" }));
}

/** One progress bar per file of a multi-file upload. */
export function UploadProgressList({ states, label }: { states: FileUploadState[]; label: string }) {
  if (!states.length) return null;
  return (
    <ul aria-label={label} className="space-y-3">
      {states.map((state, index) => {
        const percent = Math.round(state.progress * 100);
        return (
          <li key={`${state.name}-${index}`} className="space-y-1.5">
            <div className="flex items-center justify-between gap-3 text-sm">
              <span className="min-w-0 truncate">{state.name}</span>
              <span className="flex items-center gap-1 font-mono text-xs text-muted-foreground">
                {state.status === "done" ? <CheckCircle2 aria-hidden className="size-4 text-success" /> : null}
                {state.status === "failed" ? <CircleAlert aria-hidden className="size-4 text-destructive" /> : null}
                {state.status === "failed" ? "Failed" : state.status === "done" ? "Uploaded" : `${percent}%`}
              </span>
            </div>
            <div
              role="progressbar"
              aria-label={`Upload of ${state.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 overflow-hidden rounded-full bg-muted"
            >
              <div
                className={state.status === "failed" ? "h-full bg-destructive" : "h-full bg-primary shadow-[0_0_8px_var(--primary)] transition-[width]"}
                style={{ width: `${state.status === "failed" ? 100 : percent}%` }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
