import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, Plus } from "lucide-react";
import { type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import type { Testimonial } from "@common/contract/site-content";
import { type TestimonialInput, testimonialInputSchema } from "@common/site-content";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { DialogForm, useFormDialog } from "@/components/ui/form-dialog";
import { fieldAria, FormField, InputField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { showRefusal } from "@/lib/show-refusal";
import { toast } from "@/lib/use-toast";
import { useAddTestimonial, useUpdateTestimonial } from "./api/site-content";

type Values = z.output<typeof testimonialInputSchema>;

const FIELDS: readonly string[] = ["quote", "author", "role", "published"];
const fieldOf = (path: string) => (FIELDS.includes(path) ? (path as Path<TestimonialInput>) : undefined);

const valuesOf = (testimonial?: Testimonial): TestimonialInput =>
  testimonial
    ? { quote: testimonial.quote, author: testimonial.author, role: testimonial.role, published: testimonial.published }
    : { quote: "", author: "", role: "", published: true };

/**
 * "Add testimonial", or "Edit" on one: what a customer said and how they agreed to be named. A
 * refusal shows under its field, or above the form; what was typed stays.
 */
export function TestimonialDialog({ testimonial }: { testimonial?: Testimonial }) {
  const add = useAddTestimonial();
  const update = useUpdateTestimonial();
  const form = useForm<TestimonialInput, unknown, Values>({ resolver: zodResolver(testimonialInputSchema), defaultValues: valuesOf(testimonial) });
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => form.reset(valuesOf(testimonial)));
  const { errors } = form.formState;
  const idPrefix = `testimonial-${testimonial?.id ?? "new"}`;

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    const answer = testimonial ? await update.mutateAsync({ id: testimonial.id, ...values }) : await add.mutateAsync(values);
    if (!answer.ok) {
      setRefusal(showRefusal(answer, form.setError, fieldOf));
      return;
    }
    toast({ title: answer.data.message, description: answer.data.data.author, variant: "success" });
    close();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        {testimonial ? (
          <Button type="button" size="sm" variant="outline" aria-label={`Edit the testimonial of ${testimonial.author}`}>
            <Pencil aria-hidden />
            Edit
          </Button>
        ) : (
          <Button type="button">
            <Plus aria-hidden />
            Add testimonial
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeading
          eyebrow="// Testimonials"
          title={testimonial ? "Edit the testimonial" : "Add a testimonial"}
          description="Quote the customer word for word, and name them as they agreed to be named."
        />
        <DialogForm
          label="Testimonial"
          onSubmit={onSubmit}
          refusal={refusal}
          submit={testimonial ? "Save testimonial" : "Add testimonial"}
          submitting="Saving…"
          pending={add.isPending || update.isPending}
        >
          <FormField id={`${idPrefix}-quote`} label="Quote" error={errors.quote?.message}>
            <Textarea id={`${idPrefix}-quote`} rows={4} {...fieldAria(`${idPrefix}-quote`, errors.quote?.message)} {...form.register("quote")} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField id={`${idPrefix}-author`} label="Name" error={errors.author?.message} registration={form.register("author")} />
            <InputField id={`${idPrefix}-role`} label="Role and company (optional)" error={errors.role?.message} registration={form.register("role")} />
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" {...form.register("published")} />
            Published on the home and service pages
          </label>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
