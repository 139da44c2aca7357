import { zodResolver } from "@hookform/resolvers/zod";
import { Film } from "lucide-react";
import { useForm } from "react-hook-form";
import { ACCEPT_ATTRIBUTE, UPLOAD_KINDS } from "@common/uploads";
import { adminMediaKeys } from "@/api/media";
import { UnfinishedUploadList } from "@/components/uploads/unfinished-upload-list";
import { UploadQueueList } from "@/components/uploads/upload-queue-list";
import { mediaMetadata } from "./api/upload-metadata";
import { OwnerUploadFields } from "./owner-upload-fields";
import { UploadFormCard } from "./upload-form-card";
import { emptyOwnerUploadForm, type OwnerUpload, ownerUploadFormSchema, type OwnerUploadFormValues, showOwnerUploadRefusal } from "./upload-form-schema";
import { useFileUploads } from "./use-file-uploads";
import { toastInvalidUpload } from "./upload-results";

/** Photos and videos for one customer: one resumable upload per file, titled "{title} - File {n}" (docs/product.md §5). */
export function MediaUploadForm() {
  const uploads = useFileUploads("media", { allFailed: { title: "Upload Failed", description: "All uploads failed" }, changes: [adminMediaKeys.all] });
  const form = useForm<OwnerUploadFormValues, unknown, OwnerUpload>({ resolver: zodResolver(ownerUploadFormSchema), defaultValues: emptyOwnerUploadForm });

  const onValid = ({ files, ...fields }: OwnerUpload) =>
    uploads.upload({
      files,
      metadataFor: (index) => mediaMetadata("media", { ...fields, title: `${fields.title} - File ${index + 1}`, isGalleryItem: false }),
      onAllUploaded: () => form.reset(emptyOwnerUploadForm),
      onSomeFailed: (failed) => form.setValue("files", failed),
      onRefused: (refusal) => showOwnerUploadRefusal(refusal, form.setError),
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
      busy={uploads.busy}
    >
      <OwnerUploadFields
        idPrefix="media-upload"
        form={form}
        fileLabel="Media files"
        accept={ACCEPT_ATTRIBUTE.media}
        maxSizeMb={UPLOAD_KINDS.media.maxMb}
        multiple
        disabled={uploads.busy}
      />
      <UploadQueueList items={uploads.items} label="Media upload progress" onPauseOrResume={uploads.pauseOrResume} onCancel={uploads.cancel} />
      <UnfinishedUploadList
        id="media-upload-unfinished"
        uploads={uploads.unfinished}
        accept={ACCEPT_ATTRIBUTE.media}
        onResume={(unfinished, file) => void uploads.resume(unfinished, file)}
        onDiscard={(unfinished) => void uploads.discard(unfinished)}
      />
    </UploadFormCard>
  );
}
