import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, Plus } from "lucide-react";
import { type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import type { Badge } from "@common/contract/site-content";
import { BADGE_KIND_LABELS, BADGE_KINDS, type BadgeInput, badgeInputSchema } from "@common/site-badges";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { DialogForm, useFormDialog } from "@/components/ui/form-dialog";
import { fieldAria, FormField, InputField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import { showRefusal } from "@/lib/show-refusal";
import { toast } from "@/lib/use-toast";
import { useAddBadge, useUpdateBadge } from "./api/site-content";

type Values = z.output<typeof badgeInputSchema>;

const FIELDS: readonly string[] = ["kind", "title", "issuer", "reference", "detail", "validUntil", "link", "shown"];
const fieldOf = (path: string) => (FIELDS.includes(path) ? (path as Path<BadgeInput>) : undefined);

/** The date field is "" when the badge does not lapse. */
const valuesOf = (badge?: Badge): BadgeInput =>
  badge
    ? {
        kind: badge.kind,
        title: badge.title,
        issuer: badge.issuer,
        reference: badge.reference,
        detail: badge.detail,
        validUntil: badge.validUntil ?? "",
        link: badge.link,
        shown: badge.shown,
      }
    : { kind: "certification", title: "", issuer: "", reference: "", detail: "", validUntil: "", link: "", shown: true };

/**
 * "Add badge", or "Edit" on one: a certification or an insurance policy as the public pages show it.
 * A refusal shows under its field, or above the form; what was typed stays.
 */
export function BadgeDialog({ badge }: { badge?: Badge }) {
  const add = useAddBadge();
  const update = useUpdateBadge();
  const form = useForm<BadgeInput, unknown, Values>({ resolver: zodResolver(badgeInputSchema), defaultValues: valuesOf(badge) });
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => form.reset(valuesOf(badge)));
  const { errors } = form.formState;
  const idPrefix = `badge-${badge?.id ?? "new"}`;
  const isInsurance = form.watch("kind") === "insurance";

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    const answer = badge ? await update.mutateAsync({ id: badge.id, ...values }) : await add.mutateAsync(values);
    if (!answer.ok) {
      setRefusal(showRefusal(answer, form.setError, fieldOf));
      return;
    }
    toast({ title: answer.data.message, description: answer.data.data.title, variant: "success" });
    close();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        {badge ? (
          <Button type="button" size="sm" variant="outline" aria-label={`Edit the badge ${badge.title}`}>
            <Pencil aria-hidden />
            Edit
          </Button>
        ) : (
          <Button type="button">
            <Plus aria-hidden />
            Add badge
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeading
          eyebrow="// Certified and insured"
          title={badge ? "Edit the badge" : "Add a badge"}
          description="A certificate or an insurance policy, as it reads on the document. It shows on the home and service pages until its last valid day."
        />
        <DialogForm
          label="Badge"
          onSubmit={onSubmit}
          refusal={refusal}
          submit={badge ? "Save badge" : "Add badge"}
          submitting="Saving…"
          pending={add.isPending || update.isPending}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${idPrefix}-kind`} label="Kind" error={errors.kind?.message}>
              <NativeSelect id={`${idPrefix}-kind`} {...fieldAria(`${idPrefix}-kind`, errors.kind?.message)} {...form.register("kind")}>
                {BADGE_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {BADGE_KIND_LABELS[kind]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <InputField
              id={`${idPrefix}-validUntil`}
              label="Valid until (optional)"
              type="date"
              error={errors.validUntil?.message}
              registration={form.register("validUntil")}
            />
          </div>
          <InputField
            id={`${idPrefix}-title`}
            label="Title"
            placeholder={isInsurance ? "Aviation liability insurance" : "FAA Part 107 Remote Pilot"}
            error={errors.title?.message}
            registration={form.register("title")}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              id={`${idPrefix}-issuer`}
              label={isInsurance ? "Insurer" : "Issued by"}
              error={errors.issuer?.message}
              registration={form.register("issuer")}
            />
            <InputField
              id={`${idPrefix}-reference`}
              label={isInsurance ? "Policy number (optional)" : "Certificate number (optional)"}
              error={errors.reference?.message}
              registration={form.register("reference")}
            />
          </div>
          <InputField
            id={`${idPrefix}-detail`}
            label="Detail (optional)"
            placeholder={isInsurance ? "$5,000,000 liability cover" : ""}
            error={errors.detail?.message}
            registration={form.register("detail")}
          />
          <InputField
            id={`${idPrefix}-link`}
            label="Link to check it (optional)"
            type="url"
            placeholder="https://"
            error={errors.link?.message}
            registration={form.register("link")}
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" {...form.register("shown")} />
            Shown on the home and service pages
          </label>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
