/** How far a file's upload has gone, under the form that sends it (the map layer and document dialogs). */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="space-y-1.5">
      <p className="font-mono text-xs text-muted-foreground">Sending… {percent}%</p>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
