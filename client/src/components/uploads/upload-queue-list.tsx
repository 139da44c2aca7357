import { CheckCircle2, CircleAlert, Pause, Play, X } from "lucide-react";
import type { QueuedUpload } from "@/lib/resumable-uploads";
import { Button } from "@/components/ui/button";
import { formatFileSize } from "@/lib/file-size";

/** "18 s left", "4 min left", "1 h 5 min left". */
function formatTimeLeft(seconds: number): string {
  if (seconds < 60) return `${seconds} s left`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min left`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

const STATUS_WORDS: Record<QueuedUpload["status"], string> = {
  waiting: "Waiting",
  uploading: "Uploading",
  paused: "Paused",
  done: "Uploaded",
  failed: "Failed",
};

/** "12.0 MB of 58.0 MB · 3.1 MB/s · 18 s left", as far as it is known. */
function transferLine({ status, bytesSent, size, rate }: QueuedUpload): string {
  const sent = `${formatFileSize(bytesSent)} of ${formatFileSize(size)}`;
  if (status !== "uploading" || rate.bytesPerSecond === null) return status === "paused" ? `${sent} on the server` : sent;
  const speed = `${formatFileSize(Math.round(rate.bytesPerSecond))}/s`;
  return rate.secondsLeft === null ? `${sent} · ${speed}` : `${sent} · ${speed} · ${formatTimeLeft(rate.secondsLeft)}`;
}

interface UploadQueueListProps {
  items: readonly QueuedUpload[];
  /** Names the list for assistive technology ("Media upload progress"). */
  label: string;
  /** Whether a failed file says why; a one-file form shows the refusal itself, under its field. */
  showErrors?: boolean;
  onPauseOrResume: (id: string) => void;
  onCancel: (id: string) => void;
}

/**
 * The files of a form's upload, each with its progress bar, bytes, speed and time left, and its
 * Pause or Resume and Cancel buttons; a failed one says why.
 */
export function UploadQueueList({ items, label, showErrors = true, onPauseOrResume, onCancel }: UploadQueueListProps) {
  if (!items.length) return null;
  return (
    <ul aria-label={label} className="space-y-3">
      {items.map((item) => {
        const percent = item.size ? Math.floor((item.bytesSent / item.size) * 100) : item.status === "done" ? 100 : 0;
        const active = item.status === "waiting" || item.status === "uploading" || item.status === "paused";
        return (
          <li key={item.id} className="space-y-1.5 rounded-md border bg-background/60 px-3 py-2">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
              <span className="min-w-0 flex-1 truncate">{item.name}</span>
              <span className="flex items-center gap-1 font-mono text-xs text-muted-foreground">
                {item.status === "done" ? <CheckCircle2 aria-hidden className="size-4 text-success" /> : null}
                {item.status === "failed" ? <CircleAlert aria-hidden className="size-4 text-destructive" /> : null}
                {item.status === "uploading" ? `${percent}%` : STATUS_WORDS[item.status]}
              </span>
            </div>
            <div
              role="progressbar"
              aria-label={`Upload of ${item.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={`${percent}%, ${STATUS_WORDS[item.status].toLowerCase()}`}
              className="h-1.5 overflow-hidden rounded-full bg-muted"
            >
              <div
                className={item.status === "failed" ? "h-full bg-destructive" : "h-full bg-primary shadow-[0_0_8px_var(--primary)] transition-[width]"}
                style={{ width: `${item.status === "failed" ? 100 : percent}%` }}
              />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              {item.status === "failed" ? (
                showErrors ? (
                  <p className="text-sm text-destructive">{item.error}</p>
                ) : null
              ) : (
                <p className="font-mono text-xs text-muted-foreground">{transferLine(item)}</p>
              )}
              {active ? (
                <div className="flex gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`${item.status === "paused" ? "Resume" : "Pause"} upload of ${item.name}`}
                    onClick={() => onPauseOrResume(item.id)}
                  >
                    {item.status === "paused" ? <Play aria-hidden /> : <Pause aria-hidden />}
                    {item.status === "paused" ? "Resume" : "Pause"}
                  </Button>
                  <Button type="button" variant="ghost" size="sm" aria-label={`Cancel upload of ${item.name}`} onClick={() => onCancel(item.id)}>
                    <X aria-hidden />
                    Cancel
                  </Button>
                </div>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
