import { ImagePlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ACCEPT_ATTRIBUTE, MEDIA_MAX_FILE_MB } from "@common/uploads";
import { FilePicker } from "@/components/ui/file-picker";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/lib/use-toast";
import { uploadGalleryMedia } from "./api/upload-gallery-media";
import { UploadFormCard } from "./upload-form-card";
import { UploadProgressList } from "./upload-progress";
import { useFileUploads } from "./use-file-uploads";

const NO_FILES_MESSAGE = "Please select at least one file to upload";

/** Gallery tab: public photos and videos, owned by the uploading admin (userId "admin", service 1; docs/product.md §5). */
export default function GalleryUploadTab() {
  const { states, busy, upload } = useFileUploads();
  const [files, setFiles] = useState<File[]>([]);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [filesError, setFilesError] = useState<string>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!files.length) {
      setFilesError(NO_FILES_MESSAGE);
      toast({ title: "Validation Error", description: NO_FILES_MESSAGE, variant: "destructive" });
      return;
    }
    setFilesError(undefined);
    await upload({
      files,
      send: (file, index) =>
        uploadGalleryMedia(
          {
            userId: "admin",
            serviceId: 1,
            title: title.trim() || `Gallery Image ${index + 1}`,
            description: description.trim() || "Gallery upload",
            isGalleryItem: true,
          },
          file,
        ),
      allFailed: { title: "Upload Failed", description: "Failed to upload any files" },
      changes: [["/api/admin/media"], ["/api/gallery"]],
      onAllUploaded: () => {
        setFiles([]);
        setTitle("");
        setDescription("");
      },
      onSomeFailed: setFiles,
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
    </UploadFormCard>
  );
}
