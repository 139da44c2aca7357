import { zodResolver } from "@hookform/resolvers/zod";
import { Film } from "lucide-react";
import { useForm } from "react-hook-form";
import { ACCEPT_ATTRIBUTE, UPLOAD_KINDS } from "@common/uploads";
import { uploadAdminMedia } from "./api/upload-admin-media";
import { OwnerUploadFields } from "./owner-upload-fields";
import { UploadFormCard } from "./upload-form-card";
import { emptyOwnerUploadForm, type OwnerUpload, ownerUploadFormSchema, type OwnerUploadFormValues } from "./upload-form-schema";
import { useFileUploads } from "./use-file-uploads";
import { UploadProgressList } from "./upload-progress";
import { toastInvalidUpload } from "./upload-results";

/** Photos and videos for one customer: one request per file, titled "{title} - File {n}" (docs/product.md §5). */
export function MediaUploadForm() {
  const { states, busy, upload } = useFileUploads();
  const form = useForm<OwnerUploadFormValues, unknown, OwnerUpload>({ resolver: zodResolver(ownerUploadFormSchema), defaultValues: emptyOwnerUploadForm });

  const onValid = ({ files, ...fields }: OwnerUpload) =>
    upload({
      files,
      send: (file, index, onProgress) => uploadAdminMedia({ ...fields, title: `${fields.title} - File ${index + 1}`, isGalleryItem: false }, file, onProgress),
      allFailed: { title: "Upload Failed", description: "All uploads failed" },
      changes: [["/api/admin/media"]],
      onAllUploaded: () => form.reset(emptyOwnerUploadForm),
      onSomeFailed: (failed) => form.setValue("files", failed),
    });

  return (
    <UploadFormCard
      id="media-upload"
      title="Upload user media"
      intro={
        <>
          {UPLOAD_KINDS.media.label[0]?.toUpperCase()}
          {UPLOAD_KINDS.media.label.slice(1)}, up to {UPLOAD_KINDS.media.maxMb} MB each. Private to the customer until added to the gallery.
        </>
      }
      onSubmit={form.handleSubmit(onValid, toastInvalidUpload)}
      icon={Film}
      submitLabel="Upload media"
      busy={busy}
    >
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
    </UploadFormCard>
  );
}
