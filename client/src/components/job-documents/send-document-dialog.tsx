import { UploadProgress } from "@/components/ui/upload-progress";
import { useState } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import { Link } from "wouter";
import type { Job } from "@common/contract/jobs";
import { jobDocumentFieldsSchema, jobDocumentMessages } from "@common/job-documents";
import { takesDocuments } from "@common/job-status";
import { ACCEPT_ATTRIBUTE, UPLOAD_KINDS } from "@common/uploads";
import { sendJobDocument, useRefreshJobDocuments } from "@/api/job-documents";
import { showRefusal } from "@/lib/show-refusal";
import { toast } from "@/lib/use-toast";
import { buttonVariants } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { FilePicker } from "@/components/ui/file-picker";
import { DialogForm, type FormIssue, issuesOf, refuseIssues, useFormDialog } from "@/components/ui/form-dialog";
import { fieldAria, FormField, InputField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import { SendDocumentTrigger } from "./send-document-trigger";

type JobChoice = Pick<Job, "id" | "title" | "status">;

interface DocumentValues {
  jobId: string;
  title: string;
  files: File[];
}

/** The server names the file `file`; the form holds it as `files`, the picker's list. */
const FIELD_OF: Record<string, Path<DocumentValues>> = { jobId: "jobId", title: "title", file: "files", files: "files" };
const fieldOf = (path: string) => FIELD_OF[path];

const { maxMb, label } = UPLOAD_KINDS.jobDocument;

export interface SendDocumentDialogProps {
  /** The trigger's words: "Upload New Report" in the dashboard's Reports tab, "Send a document" on a job's page. */
  triggerLabel: string;
  /** The customer's jobs; undefined while they load, or on a job's page, where `job` is given instead. */
  jobs?: readonly JobChoice[] | undefined;
  /** The jobs could not be loaded. */
  jobsFailed?: boolean;
  /** The one job it is for (a job's page): no choice to make. */
  job?: JobChoice;
}

const NO_JOB = {
  loading: "Loading your jobs…",
  failed: "Your jobs could not be loaded. Please try again later.",
  none: "You have no open job to send documents for. Documents go with a job, and requesting a quote opens one.",
};

/** No job to send for (yet): documents belong to a job, and a quote request opens one. */
function NoJob({ state }: { state: keyof typeof NO_JOB }) {
  return (
    <div className="space-y-4">
      <p className={state === "failed" ? "text-destructive" : "text-muted-foreground"}>{NO_JOB[state]}</p>
      <DialogActions closeLabel="Cancel">
        {state !== "none" ? null : (
          <Link href="/request-quote" className={buttonVariants()}>
            Request a quote
          </Link>
        )}
      </DialogActions>
    </div>
  );
}

/**
 * A customer sends the business a document for one of their jobs (docs/product.md §2, Dashboard:
 * Reports): a site plan, a previous report, an as-built drawing. The job (unless given), a title
 * and one file from the shared picker, checked by the server's own rules before sending; the upload
 * shows its progress, and a refusal (a file that is not what it claims, too large, a job now
 * closed) shows with everything kept. send-document-button.tsx loads it when its button is first
 * pressed.
 */
export function SendDocumentDialog({ triggerLabel, jobs, jobsFailed = false, job, openAtOnce = false }: SendDocumentDialogProps & OpensAtOnce) {
  const refresh = useRefreshJobDocuments();
  const open = job ? [job] : jobs?.filter((choice) => takesDocuments(choice.status));
  const initial = (): DocumentValues => ({ jobId: open?.length === 1 ? String(open[0]!.id) : "", title: "", files: [] });
  const form = useForm<DocumentValues>({ defaultValues: initial() });
  const dialog = useFormDialog(() => form.reset(initial()), openAtOnce);
  const [progress, setProgress] = useState<number | null>(null);
  const { errors, isSubmitting } = form.formState;
  const id = (field: string) => `${job ? `job-${job.id}-` : ""}document-${field}`;

  const onSubmit = form.handleSubmit(async ({ jobId, title, files }) => {
    dialog.setRefusal(undefined);
    const issues: FormIssue[] = issuesOf(jobDocumentFieldsSchema.safeParse({ title }));
    if (!jobId) issues.push({ path: "jobId", message: jobDocumentMessages.job });
    const [file] = files;
    if (!file) issues.push({ path: "files", message: jobDocumentMessages.file });
    if (refuseIssues(issues, form.setError, fieldOf) || !file) return;

    setProgress(0);
    const answer = await sendJobDocument(Number(jobId), title, file, setProgress);
    setProgress(null);
    if (!answer.ok) {
      dialog.setRefusal(showRefusal(answer, form.setError, fieldOf));
      return;
    }
    void refresh(Number(jobId));
    toast({ title: "Document sent", description: `"${answer.data.data.title}" is with our team`, variant: "success" });
    dialog.close();
  });

  const percent = progress === null ? null : Math.round(progress * 100);
  const chosenJob = job ?? (open?.length === 1 ? open[0] : undefined);
  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <SendDocumentTrigger label={triggerLabel} />
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          eyebrow={chosenJob ? `// ${chosenJob.title}` : "// Your documents"}
          title="Send a document"
          description={`Site plans, previous reports, as-built drawings: anything that helps us prepare the job. One file (${label}), up to ${maxMb} MB.`}
        />
        {!open?.length ? (
          <NoJob state={jobsFailed ? "failed" : open === undefined ? "loading" : "none"} />
        ) : (
          <DialogForm label="Send a document" onSubmit={onSubmit} refusal={dialog.refusal} submit="Send document" submitting="Sending…" pending={isSubmitting}>
            {job ? null : (
              <FormField id={id("job")} label="Job" error={errors.jobId?.message}>
                <NativeSelect id={id("job")} {...fieldAria(id("job"), errors.jobId?.message)} {...form.register("jobId")}>
                  <option value="">Choose a job</option>
                  {open.map((choice) => (
                    <option key={choice.id} value={choice.id}>
                      {choice.title}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            )}
            <InputField id={id("title")} label="Title" maxLength={200} autoComplete="off" error={errors.title?.message} registration={form.register("title")} />
            <Controller
              control={form.control}
              name="files"
              render={({ field, fieldState }) => (
                <div className="space-y-1.5">
                  <FilePicker
                    id={id("file")}
                    label="Document"
                    accept={ACCEPT_ATTRIBUTE.jobDocument}
                    maxSizeMb={maxMb}
                    files={field.value}
                    onChange={(files) => {
                      field.onChange(files);
                      form.clearErrors("files");
                    }}
                    disabled={isSubmitting}
                    invalid={Boolean(fieldState.error)}
                    describedBy={fieldState.error ? `${id("file")}-error` : undefined}
                  />
                  {fieldState.error ? (
                    <p id={`${id("file")}-error`} role="alert" className="text-sm text-destructive">
                      {fieldState.error.message}
                    </p>
                  ) : null}
                </div>
              )}
            />
            {percent === null ? null : <UploadProgress percent={percent} />}
          </DialogForm>
        )}
      </DialogContent>
    </Dialog>
  );
}
