import type { ComponentProps } from "react";
import type { Job } from "@common/contract/jobs";
import { JOB_STATUS_LABELS } from "@common/job-status";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import { NO_JOB_FILTERS, useAdminJobs } from "../jobs/api/get-admin-jobs";

interface JobChoiceProps {
  id: string;
  selectProps: ComponentProps<"select">;
  error?: string | undefined;
  disabled?: boolean;
  /** The job picked (undefined for none): the form takes its customer and service from it. */
  onChoose: (job: Job | undefined) => void;
}

/**
 * The job a deliverable belongs to, or none for work outside a job. Closed and cancelled jobs take
 * no more deliverables, so they are not offered (docs/product.md §10).
 */
export function JobChoice({ id, selectProps, error, disabled, onChoose }: JobChoiceProps) {
  const jobs = useAdminJobs(NO_JOB_FILTERS);
  const open = (jobs.data ?? []).filter((job) => job.status !== "closed" && job.status !== "cancelled");
  return (
    <FormField id={id} label="Job" error={error}>
      <NativeSelect
        id={id}
        disabled={disabled || jobs.isPending}
        {...fieldAria(id, error)}
        {...selectProps}
        onChange={(event) => {
          selectProps.onChange?.(event);
          onChoose(open.find((job) => String(job.id) === event.target.value));
        }}
      >
        <option value="">{jobs.isPending ? "Loading jobs…" : "No job: choose the customer and service"}</option>
        {open.map((job) => (
          <option key={job.id} value={String(job.id)}>
            {job.title} · {job.customerName} · {JOB_STATUS_LABELS[job.status]} (#{job.id})
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
