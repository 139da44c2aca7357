import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { FileUp } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ACCEPT_ATTRIBUTE, UPLOAD_KINDS } from "@common/uploads";
import { adminReportKeys } from "@/api/reports";
import { UnfinishedUploadList } from "@/components/uploads/unfinished-upload-list";
import { UploadQueueList } from "@/components/uploads/upload-queue-list";
import { isFailure, type UploadOutcome, useUploadQueue } from "@/lib/resumable-uploads";
import { toast } from "@/lib/use-toast";
import { reportMetadata } from "./api/upload-metadata";
import { OwnerUploadFields } from "./owner-upload-fields";
import { UploadFormCard } from "./upload-form-card";
import { toastInvalidUpload, toastUploadException } from "./upload-results";
import { emptyOwnerUploadForm, type OwnerUpload, ownerUploadFormSchema, type OwnerUploadFormValues, showOwnerUploadRefusal } from "./upload-form-schema";

const isReport = (metadata: Record<string, string>) => metadata.kind === "report";

/** A report for one customer: one PDF, Word document or image up to 10 MB, resumable (docs/product.md §5). */
export function ReportUploadForm() {
  const queryClient = useQueryClient();
  const uploads = useUploadQueue("report", isReport);
  const [busy, setBusy] = useState(false);
  const form = useForm<OwnerUploadFormValues, unknown, OwnerUpload>({ resolver: zodResolver(ownerUploadFormSchema), defaultValues: emptyOwnerUploadForm });

  /** The toast of a report's outcome; true when it was uploaded. */
  const announce = (outcome: UploadOutcome | undefined, title: string | undefined): boolean => {
    if (!outcome || "cancelled" in outcome) return false;
    if (isFailure(outcome)) {
      toast({ title: "Error", description: outcome.message ?? "Failed to upload report", variant: "destructive" });
      return false;
    }
    toast({
      title: "Report uploaded",
      description: title ? `"${title}" is now in the customer's dashboard` : "The report is now in the customer's dashboard",
      variant: "success",
    });
    void queryClient.invalidateQueries({ queryKey: adminReportKeys.all });
    return true;
  };

  const onValid = async ({ files, ...fields }: OwnerUpload) => {
    const [file] = files;
    if (!file) return;
    setBusy(true);
    try {
      const [outcome] = await uploads.start([{ file, metadata: reportMetadata(fields) }]);
      if (announce(outcome, fields.title)) form.reset(emptyOwnerUploadForm);
      else if (outcome && isFailure(outcome)) showOwnerUploadRefusal(outcome, form.setError);
    } catch {
      toastUploadException();
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
      <UploadQueueList
        items={uploads.items}
        label="Report upload progress"
        showErrors={false}
        onPauseOrResume={uploads.pauseOrResume}
        onCancel={uploads.cancel}
      />
      <UnfinishedUploadList
        id="report-upload-unfinished"
        uploads={uploads.unfinished}
        accept={ACCEPT_ATTRIBUTE.report}
        onResume={(unfinished, file) =>
          void uploads
            .start([{ file, metadata: unfinished.metadata, resumes: unfinished.stored }])
            .then(([outcome]) => announce(outcome, unfinished.metadata.title), toastUploadException)
        }
        onDiscard={(unfinished) => void uploads.discard(unfinished)}
      />
    </UploadFormCard>
  );
}
