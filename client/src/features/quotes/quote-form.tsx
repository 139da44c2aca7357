import { zodResolver } from "@hookform/resolvers/zod";
import { MapPin, Send } from "lucide-react";
import { useState } from "react";
import { type FieldError, useForm } from "react-hook-form";
import type { PublicUser } from "@common/contract/users";
import { QUOTE_MISSING_FIELDS, type QuoteForm as QuoteFormValues, quoteFormSchema } from "@common/quotes";
import type { SiteBoundary } from "@common/site-boundary";
import { LazyBoundaryEditor } from "@/components/site-map/boundary-editor-loader";
import { Button } from "@/components/ui/button";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { toast } from "@/lib/use-toast";
import { QUOTE_SUBMIT_FAILED, QuoteSubmitError, type QuoteSubmitted, useSubmitQuote } from "./api/submit-quote";

const SUBMITTED = "Quote request submitted";
const SUBMITTED_NEXT = "We'll review your request and get back to you soon.";
// The quote is sent even when its boundary is not stored: the job's page lets the customer draw it again.
const BOUNDARY_NOT_SAVED = "The site boundary could not be saved: you can draw it on the job's page.";
const BOUNDARY_UNFINISHED = "Finish the site boundary (double-click its last corner, or press Finish boundary) or clear it before sending.";

const emptyQuote: QuoteFormValues = { serviceType: "", description: "", budget: "", timeline: "" };

// docs/product.md §5 words the missing-fields notice as "Title: description".
const [MISSING_TITLE, MISSING_DESCRIPTION] = QUOTE_MISSING_FIELDS.split(": ") as [string, string];

// Under the field a short hint reads better than the whole notice twice.
const requiredHints = { serviceType: "Please select a service type", description: "Please describe your project" } as const;

function hint(field: keyof typeof requiredHints, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  return error.message === QUOTE_MISSING_FIELDS ? requiredHints[field] : error.message;
}

interface QuoteFormProps {
  user: PublicUser;
  /** Distinguishes the ids of the dialog's fields from the page's. */
  idPrefix: string;
  services: readonly { value: string; label: string }[];
  onCancel: () => void;
  onSubmitted: () => void;
  /** The full page also shows why a submission failed (docs/product.md §8); the dialog only toasts. */
  showFailureReason?: boolean;
}

/** The custom quote form shared by the dashboard dialog and /request-quote. */
export function QuoteForm({ user, idPrefix, services, onCancel, onSubmitted, showFailureReason = false }: QuoteFormProps) {
  const [failureReason, setFailureReason] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [boundary, setBoundary] = useState<SiteBoundary | null>(null);
  // Corners drawn that make no boundary yet: the request waits for them rather than go without them.
  const [unfinished, setUnfinished] = useState(false);
  const [boundaryError, setBoundaryError] = useState<string | undefined>(undefined);
  const onUnfinished = (now: boolean) => {
    setUnfinished(now);
    if (!now) setBoundaryError(undefined);
  };
  const submitQuote = useSubmitQuote(user);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<QuoteFormValues>({ resolver: zodResolver(quoteFormSchema), defaultValues: emptyQuote });

  const refuseUnfinished = () => {
    if (!drawing || !unfinished) return false;
    setBoundaryError(BOUNDARY_UNFINISHED);
    return true;
  };
  const onSubmit = handleSubmit(
    async (values) => {
      if (refuseUnfinished()) return;
      setFailureReason(null);
      let submitted: QuoteSubmitted;
      try {
        submitted = await submitQuote.mutateAsync({ values, boundary });
      } catch (error) {
        setFailureReason(error instanceof QuoteSubmitError ? error.message : QUOTE_SUBMIT_FAILED);
        toast({ title: "Submission failed", description: QUOTE_SUBMIT_FAILED, variant: "destructive" });
        return;
      }
      reset(emptyQuote);
      setBoundary(null);
      setUnfinished(false);
      setDrawing(false);
      // One toast at a time (docs/product.md §9): a boundary not stored is told in the quote's own.
      if (submitted.boundarySaved === false) toast({ title: SUBMITTED, description: `${SUBMITTED_NEXT} ${BOUNDARY_NOT_SAVED}` });
      else toast({ title: SUBMITTED, description: SUBMITTED_NEXT, variant: "success" });
      onSubmitted();
    },
    (invalid) => {
      refuseUnfinished();
      if (invalid.serviceType || invalid.description) toast({ title: MISSING_TITLE, description: MISSING_DESCRIPTION, variant: "destructive" });
    },
  );

  const id = (name: string) => `${idPrefix}-${name}`;
  const serviceError = hint("serviceType", errors.serviceType);
  const descriptionError = hint("description", errors.description);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Custom quote request" className="space-y-5">
      <FormField id={id("service")} label="Service type" error={serviceError}>
        <NativeSelect id={id("service")} aria-required {...fieldAria(id("service"), serviceError)} {...register("serviceType")}>
          <option value="">Select a service</option>
          {services.map((service) => (
            <option key={service.value} value={service.value}>
              {service.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={id("description")} label="Project description" error={descriptionError}>
        <Textarea
          id={id("description")}
          rows={5}
          aria-required
          placeholder="Site, size, what you need captured or analysed…"
          {...fieldAria(id("description"), descriptionError)}
          {...register("description")}
        />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={id("budget")} label="Budget (optional)" error={errors.budget?.message}>
          <Input id={id("budget")} placeholder="e.g. $2,000 – $5,000" {...fieldAria(id("budget"), errors.budget?.message)} {...register("budget")} />
        </FormField>
        <FormField id={id("timeline")} label="Timeline (optional)" error={errors.timeline?.message}>
          <Input id={id("timeline")} placeholder="e.g. Within 2 weeks" {...fieldAria(id("timeline"), errors.timeline?.message)} {...register("timeline")} />
        </FormField>
      </div>
      <section aria-labelledby={id("boundary-heading")} className="space-y-3">
        <h2 id={id("boundary-heading")} className="text-sm font-medium">
          Site boundary (optional)
        </h2>
        {drawing ? (
          <>
            <LazyBoundaryEditor value={null} onChange={setBoundary} onUnfinished={onUnfinished} />
            {boundaryError ? (
              <p role="alert" className="text-sm text-destructive">
                {boundaryError}
              </p>
            ) : null}
          </>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="button" variant="outline" size="sm" onClick={() => setDrawing(true)}>
              <MapPin aria-hidden />
              Draw site on map
            </Button>
            <p className="text-sm text-muted-foreground">Outline the site and we can price it by its area.</p>
          </div>
        )}
      </section>
      {showFailureReason && failureReason ? (
        <p role="alert" className="rounded-md border border-destructive/60 bg-destructive/10 px-4 py-3 text-sm text-destructive">
          {failureReason}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          <Send aria-hidden />
          {isSubmitting ? "Submitting..." : "Submit Request"}
        </Button>
      </div>
    </form>
  );
}
