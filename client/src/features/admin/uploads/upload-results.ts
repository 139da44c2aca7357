import { UPLOAD_VALIDATION_MESSAGE, UPLOAD_VALIDATION_TITLE } from "@common/admin-uploads";
import { toast } from "@/lib/use-toast";

/** The toast after a multi-file upload (docs/product.md §8, upload); allFailed differs between the media and gallery forms. */
export function toastUploadResults(uploaded: number, failed: number, allFailed: { title: string; description: string }): void {
  if (failed === 0) {
    toast({ title: "Upload Complete", description: `${uploaded} ${uploaded === 1 ? "file" : "files"} uploaded successfully`, variant: "success" });
  } else if (uploaded > 0) {
    toast({ title: "Partial Success", description: `${uploaded} uploaded, ${failed} failed` });
  } else {
    toast({ ...allFailed, variant: "destructive" });
  }
}

export function toastUploadException(): void {
  toast({ title: "Error", description: "An error occurred during upload", variant: "destructive" });
}

/** A customer upload submitted with a field missing or wrong; the fields say which (docs/product.md §8). */
export function toastInvalidUpload(): void {
  toast({ title: UPLOAD_VALIDATION_TITLE, description: UPLOAD_VALIDATION_MESSAGE, variant: "destructive" });
}
