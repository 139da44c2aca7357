import { MediaUploadForm } from "./media-upload-form";
import { ReportUploadForm } from "./report-upload-form";

/** Upload tab: a report for a customer, and photos or videos for a customer. */
export default function UploadTab() {
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <ReportUploadForm />
      <MediaUploadForm />
    </div>
  );
}
