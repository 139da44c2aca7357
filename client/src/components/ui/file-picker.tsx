import { FileIcon, UploadCloud, X } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { DEFAULT_MAX_FILE_MB, MB } from "@common/uploads";
import { formatFileSize } from "@/lib/file-size";
import { toast } from "@/lib/use-toast";
import { cn } from "@/lib/utils";
import { Button } from "./button";

interface FilePickerProps {
  /** The visible label of the drop zone. */
  label: string;
  /** Comma-separated mime types, wildcards ("image/*") and extensions (".heic"), as for <input accept>. */
  accept: string;
  multiple?: boolean;
  maxSizeMb?: number;
  files: File[];
  onChange: (files: File[]) => void;
  /** An id for the file input, so callers can point other labels or errors at it. */
  id?: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

/** Whether a file matches an accept list; browsers often leave HEIC or Word files untyped, so extensions count too. */
function isAcceptedFile(file: File, accept: string): boolean {
  const rules = accept
    .split(",")
    .map((rule) => rule.trim().toLowerCase())
    .filter(Boolean);
  if (!rules.length) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return rules.some((rule) => {
    if (rule.startsWith(".")) return name.endsWith(rule);
    if (rule.endsWith("/*")) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/** docs/product.md §5: the picker's two rejection messages, word for word. */
function fileRejection(file: File, accept: string, maxSizeMb: number): string | undefined {
  if (!isAcceptedFile(file, accept)) return `File "${file.name}" is not an accepted file type`;
  if (file.size > maxSizeMb * MB) return `File "${file.name}" exceeds the maximum size of ${maxSizeMb}MB`;
  return undefined;
}

/** A labelled drop zone with a Browse button, the chosen files, and a Remove button for each. */
export function FilePicker({
  label,
  accept,
  multiple = false,
  maxSizeMb = DEFAULT_MAX_FILE_MB,
  files,
  onChange,
  id,
  invalid,
  describedBy,
  disabled,
}: FilePickerProps) {
  const generatedId = useId();
  const inputId = id ?? `file-picker-${generatedId}`;
  const hintId = `${inputId}-hint`;
  const rejectionId = `${inputId}-rejections`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [rejections, setRejections] = useState<string[]>([]);

  const add = (incoming: File[]) => {
    const problems: string[] = [];
    const accepted: File[] = [];
    for (const file of incoming) {
      const problem = fileRejection(file, accept, maxSizeMb);
      if (problem) problems.push(problem);
      else accepted.push(file);
    }
    setRejections(problems);
    if (problems.length) toast({ title: "File rejected", description: problems.join(" "), variant: "destructive" });
    if (!accepted.length) return;
    onChange(multiple ? [...files, ...accepted] : accepted.slice(0, 1));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) add([...event.dataTransfer.files]);
  };

  return (
    <div className="space-y-3">
      <div
        role="group"
        aria-labelledby={`${inputId}-label`}
        aria-describedby={hintId}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "hud-grid flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-8 text-center transition-colors",
          invalid ? "border-destructive" : dragging ? "border-primary" : "border-input",
          dragging && "bg-primary/10",
        )}
      >
        <UploadCloud aria-hidden className="size-9 text-primary" />
        <p id={`${inputId}-label`} className="hud-label text-foreground">
          {label}
        </p>
        <p id={hintId} className="text-sm text-muted-foreground">
          Drag and drop {multiple ? "files" : "a file"} here, or browse. Up to {maxSizeMb} MB{multiple ? " each" : ""}.
        </p>
        <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => inputRef.current?.click()} aria-describedby={hintId}>
          Browse files
          <span className="sr-only"> for {label}</span>
        </Button>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-label={label}
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
      </div>
      {rejections.length ? (
        <ul id={rejectionId} role="alert" className="space-y-1 text-sm text-destructive">
          {rejections.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {files.length ? (
        <ul aria-label={`Selected files for ${label}`} className="space-y-2">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
              className="flex items-center gap-3 rounded-md border bg-background/60 px-3 py-2"
            >
              <FileIcon aria-hidden className="size-4 shrink-0 text-primary" />
              <span className="min-w-0 flex-1 truncate text-sm">{file.name}</span>
              <span className="font-mono text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={disabled}
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((_, position) => position !== index))}
              >
                <X aria-hidden />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
