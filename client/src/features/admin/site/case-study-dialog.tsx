import { Pencil, Plus, Trash2 } from "lucide-react";
import { type Path, useFieldArray, useForm } from "react-hook-form";
import { type CaseStudyFigure, MAX_FIGURES } from "@common/case-studies";
import type { AdminCaseStudy } from "@common/contract/case-studies";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { DialogForm, useFormDialog } from "@/components/ui/form-dialog";
import { fieldAria, FormField, InputField } from "@/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { showRefusal } from "@/lib/show-refusal";
import { toast } from "@/lib/use-toast";
import { useCreateCaseStudy, useDeliveredJobs, useUpdateCaseStudy } from "./api/case-studies";

interface Values {
  title: string;
  summary: string;
  figures: CaseStudyFigure[];
  /** A media id, or "" for no picture on that side. */
  beforeMediaId: string;
  afterMediaId: string;
  showMap: boolean;
}

const FIELDS = /^(title|summary|figures(\.\d+\.(label|value))?|beforeMediaId|afterMediaId|showMap)$/;
const fieldOf = (path: string) => (FIELDS.test(path) ? (path as Path<Values>) : undefined);

const valuesOf = (study: AdminCaseStudy): Values => ({
  title: study.title,
  summary: study.summary,
  figures: study.figures.map((figure) => ({ ...figure })),
  beforeMediaId: study.beforeMediaId === null ? "" : String(study.beforeMediaId),
  afterMediaId: study.afterMediaId === null ? "" : String(study.afterMediaId),
  showMap: study.showMap,
});

const mediaIdOf = (value: string) => (value === "" ? null : Number(value));

/**
 * "Edit" on a case study: its words, figures, pictures and map. The customer consented to specific
 * content, so saving a change to a consented one voids their consent (the dialog says so first).
 */
export function EditCaseStudyDialog({ study }: { study: AdminCaseStudy }) {
  const update = useUpdateCaseStudy();
  const form = useForm<Values>({ defaultValues: valuesOf(study) });
  const figures = useFieldArray({ control: form.control, name: "figures" });
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => form.reset(valuesOf(study)));
  const { errors } = form.formState;
  const idPrefix = `case-study-${study.id}`;
  const answered = study.consent.status === "granted" || study.consent.status === "requested";

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    const answer = await update.mutateAsync({
      id: study.id,
      title: values.title,
      summary: values.summary,
      figures: values.figures,
      beforeMediaId: mediaIdOf(values.beforeMediaId),
      afterMediaId: mediaIdOf(values.afterMediaId),
      showMap: values.showMap,
    });
    if (!answer.ok) {
      setRefusal(showRefusal(answer, form.setError, fieldOf));
      return;
    }
    toast({ title: answer.data.message, description: answer.data.data.title, variant: "success" });
    close();
  });

  const pictureSelect = (field: "beforeMediaId" | "afterMediaId", label: string) => (
    <FormField id={`${idPrefix}-${field}`} label={label} error={errors[field]?.message}>
      <NativeSelect id={`${idPrefix}-${field}`} {...fieldAria(`${idPrefix}-${field}`, errors[field]?.message)} {...form.register(field)}>
        <option value="">No picture</option>
        {study.images.map((image) => (
          <option key={image.id} value={String(image.id)}>
            {image.title}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" aria-label={`Edit the case study ${study.title}`}>
          <Pencil aria-hidden />
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeading
          eyebrow="// Case studies"
          title="Edit the case study"
          description={
            answered
              ? "The customer was asked about this exact text and these pictures: saving a change takes it off the site until you ask them again and they agree."
              : "What the customer will be asked to agree to, word for word."
          }
        />
        <DialogForm label="Case study" onSubmit={onSubmit} refusal={refusal} submit="Save case study" submitting="Saving…" pending={update.isPending}>
          <InputField id={`${idPrefix}-title`} label="Title" error={errors.title?.message} registration={form.register("title")} />
          <FormField id={`${idPrefix}-summary`} label="Summary (blank lines separate paragraphs)" error={errors.summary?.message}>
            <Textarea id={`${idPrefix}-summary`} rows={5} {...fieldAria(`${idPrefix}-summary`, errors.summary?.message)} {...form.register("summary")} />
          </FormField>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Figures</legend>
            {figures.fields.map((figure, index) => (
              <div key={figure.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
                <div>
                  <Input
                    aria-label={`Figure ${index + 1}: label`}
                    placeholder="Label"
                    {...fieldAria(`${idPrefix}-figure-${index}-label`, errors.figures?.[index]?.label?.message)}
                    {...form.register(`figures.${index}.label`)}
                  />
                  {errors.figures?.[index]?.label ? (
                    <p id={`${idPrefix}-figure-${index}-label-error`} role="alert" className="text-sm text-destructive">
                      {errors.figures[index].label.message}
                    </p>
                  ) : null}
                </div>
                <div>
                  <Input
                    aria-label={`Figure ${index + 1}: value`}
                    placeholder="Value"
                    {...fieldAria(`${idPrefix}-figure-${index}-value`, errors.figures?.[index]?.value?.message)}
                    {...form.register(`figures.${index}.value`)}
                  />
                  {errors.figures?.[index]?.value ? (
                    <p id={`${idPrefix}-figure-${index}-value-error`} role="alert" className="text-sm text-destructive">
                      {errors.figures[index].value.message}
                    </p>
                  ) : null}
                </div>
                <Button type="button" size="sm" variant="ghost" onClick={() => figures.remove(index)} aria-label={`Remove figure ${index + 1}`}>
                  <Trash2 aria-hidden />
                </Button>
              </div>
            ))}
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={figures.fields.length >= MAX_FIGURES}
              onClick={() => figures.append({ label: "", value: "" })}
            >
              <Plus aria-hidden />
              Add a figure
            </Button>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            {pictureSelect("beforeMediaId", "Before picture")}
            {pictureSelect("afterMediaId", "After picture")}
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" disabled={!study.hasBoundary} {...form.register("showMap")} />
            {study.hasBoundary ? "Show the site's outline" : "Show the site's outline (the job has no boundary drawn)"}
          </label>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}

/** "New case study": pick a delivered job without one; the draft is prefilled from it. */
export function NewCaseStudyDialog({ taken }: { taken: readonly number[] }) {
  const create = useCreateCaseStudy();
  const jobs = useDeliveredJobs();
  const form = useForm<{ jobId: string }>({ defaultValues: { jobId: "" } });
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => form.reset({ jobId: "" }));
  const choices = (jobs.data ?? []).filter((job) => !taken.includes(job.id));
  const error = form.formState.errors.jobId?.message;

  const onSubmit = form.handleSubmit(async ({ jobId }) => {
    setRefusal(undefined);
    const answer = await create.mutateAsync({ jobId: Number(jobId) });
    if (!answer.ok) {
      setRefusal(showRefusal(answer, form.setError, (path) => (path === "jobId" ? "jobId" : undefined)));
      return;
    }
    toast({ title: answer.data.message, description: answer.data.data.title, variant: "success" });
    close();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button">
          <Plus aria-hidden />
          New case study
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeading
          eyebrow="// Case studies"
          title="New case study"
          description="Choose a delivered job: the draft takes its title, site area, figures and pictures, which you can then edit before asking the customer."
        />
        <DialogForm label="New case study" onSubmit={onSubmit} refusal={refusal} submit="Draft it" submitting="Drafting…" pending={create.isPending}>
          <FormField id="case-study-job" label="Delivered job" error={error}>
            <NativeSelect id="case-study-job" {...fieldAria("case-study-job", error)} {...form.register("jobId", { required: "Choose a delivered job" })}>
              <option value="">{jobs.isPending ? "Loading the jobs…" : choices.length ? "Choose a job" : "No delivered job without a case study"}</option>
              {choices.map((job) => (
                <option key={job.id} value={String(job.id)}>
                  {`${job.title} — ${job.customerName}`}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
