import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Film } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { UPLOAD_VALIDATION_MESSAGE, UPLOAD_VALIDATION_TITLE } from "@common/admin-uploads";
import { ACCEPT_ATTRIBUTE, UPLOAD_KINDS } from "@common/uploads";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { toast } from "@/lib/use-toast";
import { uploadAdminMedia } from "./api/upload-admin-media";
import { OwnerUploadFields } from "./owner-upload-fields";
import { emptyOwnerUploadForm, type OwnerUpload, ownerUploadFormSchema, type OwnerUploadFormValues } from "./upload-form-schema";
import { type FileUploadState, initialUploadStates, UploadProgressList } from "./upload-progress";
import { toastUploadException, toastUploadResults } from "./upload-results";

/** Photos and videos for one customer: one request per file, titled "{title} - File {n}" (SPEC §5). */
export function MediaUploadForm() {
  const queryClient = useQueryClient();
  const [states, setStates] = useState<FileUploadState[]>([]);
  const [busy, setBusy] = useState(false);
  const form = useForm<OwnerUploadFormValues, unknown, OwnerUpload>({ resolver: zodResolver(ownerUploadFormSchema), defaultValues: emptyOwnerUploadForm });

  const update = (index: number, patch: Partial<FileUploadState>) =>
    setStates((current) => current.map((state, position) => (position === index ? { ...state, ...patch } : state)));

  const onValid = async ({ files, ...fields }: OwnerUpload) => {
    setBusy(true);
    setStates(initialUploadStates(files));
    try {
      const failedFiles: File[] = [];
      // One at a time: each file gets the whole connection, and the progress bars fill in order.
      for (const [index, file] of files.entries()) {
        update(index, { status: "uploading" });
        try {
          await uploadAdminMedia({ ...fields, title: `${fields.title} - File ${index + 1}`, isGalleryItem: false }, file, (progress) => update(index, { progress }));
          update(index, { status: "done", progress: 1 });
        } catch {
          update(index, { status: "failed" });
          failedFiles.push(file);
        }
      }
      const uploaded = files.length - failedFiles.length;
      toastUploadResults(uploaded, failedFiles.length, { title: "Upload Failed", description: "All uploads failed" });
      if (uploaded > 0) void queryClient.invalidateQueries({ queryKey: ["/api/admin/media"] });
      if (failedFiles.length === 0) {
        form.reset(emptyOwnerUploadForm);
        setStates([]);
      } else {
        // Keep the typed values; only the files that failed stay picked, so a retry uploads no duplicates.
        form.setValue("files", failedFiles);
      }
    } catch {
      toastUploadException();
    } finally {
      setBusy(false);
    }
  };

  const onInvalid = () => toast({ title: UPLOAD_VALIDATION_TITLE, description: UPLOAD_VALIDATION_MESSAGE, variant: "destructive" });

  return (
    <Card>
      <form noValidate aria-labelledby="media-upload-heading" onSubmit={form.handleSubmit(onValid, onInvalid)} className="space-y-5">
        <div className="space-y-1">
          <h2 id="media-upload-heading" className="text-xl font-bold tracking-tight">
            Upload user media
          </h2>
          <p className="text-sm text-muted-foreground">
            {UPLOAD_KINDS.media.label[0]?.toUpperCase()}
            {UPLOAD_KINDS.media.label.slice(1)}, up to {UPLOAD_KINDS.media.maxMb} MB each. Private to the customer until added to the gallery.
          </p>
        </div>
        <OwnerUploadFields
          idPrefix="media-upload"
          form={form}
          fileLabel="Media files"
          accept={ACCEPT_ATTRIBUTE.media}
          maxSizeMb={UPLOAD_KINDS.media.maxMb}
          multiple
          disabled={busy}
        />
        <UploadProgressList states={states} label="Media upload progress" />
        <Button type="submit" disabled={busy}>
          <Film aria-hidden />
          {busy ? "Uploading…" : "Upload media"}
        </Button>
      </form>
    </Card>
  );
}
