import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { FileUp } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ACCEPT_ATTRIBUTE, UPLOAD_KINDS } from "@common/uploads";
import { toast } from "@/lib/use-toast";
import { uploadReport } from "./api/upload-report";
import { OwnerUploadFields } from "./owner-upload-fields";
import { UploadFormCard } from "./upload-form-card";
import { toastInvalidUpload } from "./upload-results";
import { emptyOwnerUploadForm, type OwnerUpload, ownerUploadFormSchema, type OwnerUploadFormValues } from "./upload-form-schema";

/** A report for one customer: one PDF, Word document or image up to 10 MB (docs/product.md §5). */
export function ReportUploadForm() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const form = useForm<OwnerUploadFormValues, unknown, OwnerUpload>({ resolver: zodResolver(ownerUploadFormSchema), defaultValues: emptyOwnerUploadForm });

  const onValid = async ({ files, ...fields }: OwnerUpload) => {
    const [file] = files;
    if (!file) return;
    setBusy(true);
    try {
      await uploadReport(fields, file);
      toast({ title: "Report uploaded", description: `"${fields.title}" is now in the customer's dashboard`, variant: "success" });
      form.reset(emptyOwnerUploadForm);
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/reports"] });
    } catch (error) {
      toast({ title: "Error", description: error instanceof Error && error.message ? error.message : "Failed to upload report", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <UploadFormCard
      id="report-upload"
      title="Upload report"
      intro={<>One file (PDF, Word document or image), up to {UPLOAD_KINDS.report.maxMb} MB.</>}
      onSubmit={form.handleSubmit(onValid, toastInvalidUpload)}
      icon={FileUp}
      submitLabel="Upload report"
      busy={busy}
    >
      <OwnerUploadFields
        idPrefix="report-upload"
        form={form}
        fileLabel="Report file"
        accept={ACCEPT_ATTRIBUTE.report}
        maxSizeMb={UPLOAD_KINDS.report.maxMb}
        multiple={false}
        disabled={busy}
      />
    </UploadFormCard>
  );
}
