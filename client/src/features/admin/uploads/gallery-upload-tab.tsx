import { useQueryClient } from "@tanstack/react-query";
import { ImagePlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ACCEPT_ATTRIBUTE, MEDIA_MAX_FILE_MB } from "@common/uploads";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FilePicker } from "@/components/ui/file-picker";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/lib/use-toast";
import { uploadGalleryMedia } from "./api/upload-gallery-media";
import { type FileUploadState, initialUploadStates, UploadProgressList } from "./upload-progress";
import { toastUploadException, toastUploadResults } from "./upload-results";

const NO_FILES_MESSAGE = "Please select at least one file to upload";

/** Gallery tab: public photos and videos, owned by the uploading admin (userId "admin", service 1; SPEC §5). */
export default function GalleryUploadTab() {
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [filesError, setFilesError] = useState<string>();
  const [states, setStates] = useState<FileUploadState[]>([]);
  const [busy, setBusy] = useState(false);

  const update = (index: number, patch: Partial<FileUploadState>) =>
    setStates((current) => current.map((state, position) => (position === index ? { ...state, ...patch } : state)));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!files.length) {
      setFilesError(NO_FILES_MESSAGE);
      toast({ title: "Validation Error", description: NO_FILES_MESSAGE, variant: "destructive" });
      return;
    }
    setFilesError(undefined);
    setBusy(true);
    setStates(initialUploadStates(files));
    try {
      const failedFiles: File[] = [];
      for (const [index, file] of files.entries()) {
        update(index, { status: "uploading" });
        try {
          await uploadGalleryMedia(
            {
              userId: "admin",
              serviceId: 1,
              title: title.trim() || `Gallery Image ${index + 1}`,
              description: description.trim() || "Gallery upload",
              isGalleryItem: true,
            },
            file,
          );
          update(index, { status: "done", progress: 1 });
        } catch {
          update(index, { status: "failed" });
          failedFiles.push(file);
        }
      }
      const uploaded = files.length - failedFiles.length;
      toastUploadResults(uploaded, failedFiles.length, { title: "Upload Failed", description: "Failed to upload any files" });
      if (uploaded > 0) {
        void queryClient.invalidateQueries({ queryKey: ["/api/admin/media"] });
        void queryClient.invalidateQueries({ queryKey: ["/api/gallery"] });
      }
      if (failedFiles.length === 0) {
        setFiles([]);
        setTitle("");
        setDescription("");
        setStates([]);
      } else {
        setFiles(failedFiles);
      }
    } catch {
      toastUploadException();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <form noValidate aria-labelledby="gallery-upload-heading" onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <div className="space-y-1">
          <h2 id="gallery-upload-heading" className="text-xl font-bold tracking-tight">
            Upload to the public gallery
          </h2>
          <p className="text-sm text-muted-foreground">Everything uploaded here is visible to visitors on the Gallery page.</p>
        </div>
        <div className="space-y-1.5">
          <FilePicker
            id="gallery-upload-files"
            label="Gallery files"
            accept={ACCEPT_ATTRIBUTE.media}
            maxSizeMb={MEDIA_MAX_FILE_MB}
            multiple
            files={files}
            onChange={(next) => {
              setFiles(next);
              if (next.length) setFilesError(undefined);
            }}
            disabled={busy}
            invalid={Boolean(filesError)}
            describedBy={filesError ? "gallery-upload-files-error" : undefined}
          />
          {filesError ? (
            <p id="gallery-upload-files-error" role="alert" className="text-sm text-destructive">
              {filesError}
            </p>
          ) : null}
        </div>
        <FormField id="gallery-upload-title" label="Title (optional)">
          <Input id="gallery-upload-title" value={title} disabled={busy} placeholder="Gallery Image 1" onChange={(event) => setTitle(event.target.value)} />
        </FormField>
        <FormField id="gallery-upload-description" label="Description (optional)">
          <Textarea
            id="gallery-upload-description"
            rows={3}
            value={description}
            disabled={busy}
            placeholder="Gallery upload"
            onChange={(event) => setDescription(event.target.value)}
          />
        </FormField>
        <UploadProgressList states={states} label="Gallery upload progress" />
        <Button type="submit" disabled={busy}>
          <ImagePlus aria-hidden />
          {busy ? "Uploading…" : "Upload to gallery"}
        </Button>
      </form>
    </Card>
  );
}
