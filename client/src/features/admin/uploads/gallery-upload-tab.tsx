import { ImagePlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ACCEPT_ATTRIBUTE, MEDIA_MAX_FILE_MB } from "@common/uploads";
import { adminMediaKeys, galleryKeys } from "@/api/media";
import { FilePicker } from "@/components/ui/file-picker";
import type { ErrorResponse } from "@common/contract/wire";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { UnfinishedUploadList } from "@/components/uploads/unfinished-upload-list";
import { UploadQueueList } from "@/components/uploads/upload-queue-list";
import { toast } from "@/lib/use-toast";
import { mediaMetadata } from "./api/upload-metadata";
import { UploadFormCard } from "./upload-form-card";
import { useFileUploads } from "./use-file-uploads";

const NO_FILES_MESSAGE = "Please select at least one file to upload";

/** Gallery tab: public photos and videos, owned by the uploading admin (userId "admin", service 1; docs/product.md §5), resumable. */
export default function GalleryUploadTab() {
  const uploads = useFileUploads("gallery", {
    allFailed: { title: "Upload Failed", description: "Failed to upload any files" },
    changes: [adminMediaKeys.all, galleryKeys.all],
  });
  const { busy } = uploads;
  const [files, setFiles] = useState<File[]>([]);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [filesError, setFilesError] = useState<string>();
  // The server's refusal of a field, shown under it until the next upload.
  const [refused, setRefused] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!files.length) {
      setFilesError(NO_FILES_MESSAGE);
      toast({ title: "Validation Error", description: NO_FILES_MESSAGE, variant: "destructive" });
      return;
    }
    setFilesError(undefined);
    setRefused({});
    await uploads.upload({
      files,
      metadataFor: (index) =>
        mediaMetadata("gallery", {
          userId: "admin",
          serviceId: 1,
          title: title.trim() || `Gallery Image ${index + 1}`,
          description: description.trim() || "Gallery upload",
          isGalleryItem: true,
        }),
      onAllUploaded: () => {
        setFiles([]);
        setTitle("");
        setDescription("");
      },
      onSomeFailed: setFiles,
      onRefused: (refusal) => {
        const errors = (refusal.body as ErrorResponse | undefined)?.errors ?? {};
        setRefused(errors);
        const fileError = errors.file ?? errors.filename ?? errors.filetype;
        if (fileError) setFilesError(fileError);
      },
    });
  };

  return (
    <UploadFormCard
      id="gallery-upload"
      title="Upload to the public gallery"
      intro="Everything uploaded here is visible to visitors on the Gallery page."
      onSubmit={(event) => void onSubmit(event)}
      icon={ImagePlus}
      submitLabel="Upload to gallery"
      busy={busy}
    >
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
      <FormField id="gallery-upload-title" label="Title (optional)" error={refused.title}>
        <Input
          id="gallery-upload-title"
          value={title}
          disabled={busy}
          placeholder="Gallery Image 1"
          {...fieldAria("gallery-upload-title", refused.title)}
          onChange={(event) => setTitle(event.target.value)}
        />
      </FormField>
      <FormField id="gallery-upload-description" label="Description (optional)" error={refused.description}>
        <Textarea
          id="gallery-upload-description"
          {...fieldAria("gallery-upload-description", refused.description)}
          rows={3}
          value={description}
          disabled={busy}
          placeholder="Gallery upload"
          onChange={(event) => setDescription(event.target.value)}
        />
      </FormField>
      <UploadQueueList items={uploads.items} label="Gallery upload progress" onPauseOrResume={uploads.pauseOrResume} onCancel={uploads.cancel} />
      <UnfinishedUploadList
        id="gallery-upload-unfinished"
        uploads={uploads.unfinished}
        accept={ACCEPT_ATTRIBUTE.media}
        onResume={(unfinished, file) => void uploads.resume(unfinished, file)}
        onDiscard={(unfinished) => void uploads.discard(unfinished)}
      />
    </UploadFormCard>
  );
}
