import { zodResolver } from "@hookform/resolvers/zod";
import { FormProvider, type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import type { JobDetail } from "@common/contract/jobs";
import { type UpdateJobDetailsInput, updateJobDetailsSchema } from "@common/jobs";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { toast } from "@/lib/use-toast";
import { DialogForm, useFormDialog } from "@/components/ui/form-dialog";
import { useUpdateJobDetails } from "./api/write-job";
import { JobDetailsTrigger } from "./job-details-trigger";
import { showRefusal } from "@/lib/show-refusal";
import { TITLE_AND_SITE_FIELDS, TitleAndSiteFields } from "./site-fields";

type Details = z.output<typeof updateJobDetailsSchema>;

const valuesOf = (job: JobDetail): UpdateJobDetailsInput => ({ title: job.title, site: { ...job.site } });

const fieldOf = (path: string) => (TITLE_AND_SITE_FIELDS.includes(path) ? (path as Path<UpdateJobDetailsInput>) : undefined);

export interface JobDetailsDialogProps {
  job: JobDetail;
}

/**
 * "Edit details": an admin corrects a job's title and site (PATCH /api/admin/jobs/{id}/details),
 * checked by the server's own schema with the fields of New job. A refusal shows under its field,
 * or above the form when it names none; what was typed stays.
 */
export function JobDetailsDialog({ job, openAtOnce = false }: JobDetailsDialogProps & OpensAtOnce) {
  const update = useUpdateJobDetails(job.id);
  const form = useForm<UpdateJobDetailsInput, unknown, Details>({ resolver: zodResolver(updateJobDetailsSchema), defaultValues: valuesOf(job) });
  // Each opening starts from the job as it stands now.
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => form.reset(valuesOf(job)), openAtOnce);

  const onSubmit = form.handleSubmit(async (details) => {
    setRefusal(undefined);
    const answer = await update.mutateAsync(details);
    if (!answer.ok) {
      setRefusal(showRefusal(answer, form.setError, fieldOf));
      return;
    }
    toast({ title: answer.data.message, variant: "success" });
    close();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <JobDetailsTrigger />
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeading eyebrow={`// ${job.title}`} title="Edit the job's details" description={`${job.customerName} · ${job.serviceName}`} />
        <FormProvider {...form}>
          <DialogForm label="Job details" onSubmit={onSubmit} refusal={refusal} submit="Save details" submitting="Saving…" pending={update.isPending}>
            <TitleAndSiteFields idPrefix={`job-${job.id}-details`} />
          </DialogForm>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
