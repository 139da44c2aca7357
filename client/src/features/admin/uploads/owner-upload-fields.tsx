import { Controller, type UseFormReturn } from "react-hook-form";
import { FilePicker } from "@/components/ui/file-picker";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { JobChoice } from "./job-choice";
import { OwnerFields } from "./owner-fields";
import type { OwnerUpload, OwnerUploadFormValues } from "./upload-form-schema";

interface OwnerUploadFieldsProps {
  idPrefix: string;
  form: UseFormReturn<OwnerUploadFormValues, unknown, OwnerUpload>;
  fileLabel: string;
  accept: string;
  maxSizeMb: number;
  multiple: boolean;
  disabled: boolean;
}

/** The job (or none), customer, service, title, description and files: the body of the report and user media forms. */
export function OwnerUploadFields({ idPrefix, form, fileLabel, accept, maxSizeMb, multiple, disabled }: OwnerUploadFieldsProps) {
  const { register, control, formState, setValue } = form;
  const { errors } = formState;
  const titleId = `${idPrefix}-title`;
  const descriptionId = `${idPrefix}-description`;
  const filesId = `${idPrefix}-files`;

  return (
    <>
      <JobChoice
        id={`${idPrefix}-job`}
        disabled={disabled}
        selectProps={register("jobId")}
        error={errors.jobId?.message}
        onChoose={(job) => {
          // A job names its customer, and its service when it has a catalogue one (a quote's job may not): the form takes them.
          if (!job) return;
          const validate = { shouldValidate: formState.isSubmitted };
          setValue("userId", String(job.userId), validate);
          if (job.serviceId !== null) setValue("serviceId", String(job.serviceId), validate);
        }}
      />
      <OwnerFields
        idPrefix={idPrefix}
        disabled={disabled}
        userProps={register("userId")}
        serviceProps={register("serviceId")}
        userError={errors.userId?.message}
        serviceError={errors.serviceId?.message}
      />
      <FormField id={titleId} label="Title" error={errors.title?.message}>
        <Input id={titleId} disabled={disabled} {...fieldAria(titleId, errors.title?.message)} {...register("title")} />
      </FormField>
      <FormField id={descriptionId} label="Description" error={errors.description?.message}>
        <Textarea id={descriptionId} rows={3} disabled={disabled} {...fieldAria(descriptionId, errors.description?.message)} {...register("description")} />
      </FormField>
      <Controller
        control={control}
        name="files"
        render={({ field, fieldState }) => (
          <div className="space-y-1.5">
            <FilePicker
              id={filesId}
              label={fileLabel}
              accept={accept}
              maxSizeMb={maxSizeMb}
              multiple={multiple}
              files={field.value}
              onChange={field.onChange}
              disabled={disabled}
              invalid={Boolean(fieldState.error)}
              describedBy={fieldState.error ? `${filesId}-error` : undefined}
            />
            {fieldState.error ? (
              <p id={`${filesId}-error`} role="alert" className="text-sm text-destructive">
                {fieldState.error.message}
              </p>
            ) : null}
          </div>
        )}
      />
    </>
  );
}
