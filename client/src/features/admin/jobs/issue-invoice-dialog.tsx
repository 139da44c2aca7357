import { Plus, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { type Path, useFieldArray, useForm, useWatch } from "react-hook-form";
import type { Estimate } from "@common/contract/estimates";
import type { ErrorResponse } from "@common/contract/wire";
import { addDays } from "@common/calendar-date";
import { INVOICE_DUE_DAYS, INVOICE_LIMITS } from "@common/invoices";
import { PricedLines } from "@/components/billing/priced-lines";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input, NativeSelect } from "@/components/ui/input";
import { FormRefusal } from "@/components/ui/panel-states";
import { withCurrency } from "@/lib/format";
import { toast } from "@/lib/use-toast";
import { browserToday } from "../estimates/estimate-form";
import { LineEditor } from "../line-editor";
import { useIssueInvoice } from "./api/billing";
import { blankAdjustment, blankExtraLine, checkInvoice, type ErrorMap, type InvoiceValues, previewInvoice, toInvoiceBody } from "./invoice-form";
import { IssueInvoiceTrigger } from "./issue-invoice-trigger";

export interface IssueInvoiceDialogProps {
  jobId: number;
  jobTitle: string;
  /** The job's accepted estimate: what the invoice starts from, and the preview's figures. */
  estimate: Estimate;
}

/** The form field that shows an error at a body path; undefined for one shown above the form (a whole list's, the job's). */
function formFieldOf(path: string): string | undefined {
  if (path === "dueDate") return path;
  return /^(extraLines\.\d+\.(description|quantity|unit|unitPrice)|adjustments\.\d+\.(description|amount))$/.test(path) ? path : undefined;
}

/**
 * Issue final invoice (docs/decisions/0059-extra-lines-and-credit-notes.md): the server draws it
 * from the accepted estimate (its lines, the ticked options, discount and tax) less what was paid;
 * the admin may add extra lines (work beyond the estimate, taxed like its lines) and adjustments (a
 * goodwill credit or a surcharge, before tax), and sets the due date. The preview is computed by
 * the server's own function, common/money.ts's invoiceTotals.
 */
export function IssueInvoiceDialog({ jobId, jobTitle, estimate, openAtOnce = false }: IssueInvoiceDialogProps & OpensAtOnce) {
  const issue = useIssueInvoice();
  const [open, setOpen] = useState(openAtOnce);
  const [errors, setErrors] = useState<ErrorMap>({});
  const [refusal, setRefusal] = useState<string>();
  const initial = (): InvoiceValues => ({ dueDate: addDays(browserToday(), INVOICE_DUE_DAYS), extraLines: [], adjustments: [] });
  const form = useForm<InvoiceValues>({ defaultValues: initial() });
  const { register, control, setFocus } = form;
  const extraLines = useFieldArray({ control, name: "extraLines" });
  const adjustments = useFieldArray({ control, name: "adjustments" });
  const values = useWatch({ control }) as InvoiceValues;
  const live = toInvoiceBody(jobId, values).body;
  const preview = previewInvoice(estimate, live);

  const id = (field: string) => `job-${jobId}-invoice-${field.replaceAll(".", "-").replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  const field = (name: string, label: string, control: ReactNode, className?: string) => (
    <div className={className}>
      <FormField id={id(name)} label={label} error={errors[name]}>
        {control}
      </FormField>
    </div>
  );
  const input = (name: string, props: { inputMode?: "decimal"; maxLength?: number; type?: string } = {}) => (
    <Input id={id(name)} autoComplete="off" {...props} {...fieldAria(id(name), errors[name])} {...register(name as Path<InvoiceValues>)} />
  );

  /** Each error under its field, the first one focused; the rest (a whole list's) above the form. */
  const showErrors = (byPath: ErrorMap, otherwise?: string) => {
    const shown: ErrorMap = {};
    const above: string[] = [];
    for (const [path, message] of Object.entries(byPath)) {
      const name = formFieldOf(path);
      if (name === undefined) above.push(message);
      else shown[name] ??= message;
    }
    setErrors(shown);
    const first = Object.keys(shown)[0];
    if (first) setFocus(first as Path<InvoiceValues>);
    setRefusal(above[0] ?? (Object.keys(shown).length ? undefined : otherwise));
  };

  const onSubmit = form.handleSubmit(async (typed) => {
    setRefusal(undefined);
    const { body, errors: unread } = toInvoiceBody(jobId, typed);
    const refused = { ...checkInvoice(body), ...unread };
    const previewed = previewInvoice(estimate, body);
    if (previewed && "refused" in previewed) refused[previewed.refused.field] ??= previewed.refused.message;
    if (Object.keys(refused).length) return showErrors(refused);
    const answer = await issue.mutateAsync(body);
    if (!answer.ok) return showErrors((answer.body as ErrorResponse | undefined)?.errors ?? {}, answer.message ?? answer.generic);
    toast({ title: `Invoice ${answer.data.data.number} issued`, description: `Sent to ${answer.data.data.customer.email}`, variant: "success" });
    setOpen(false);
  });

  const onOpenChange = (next: boolean) => {
    if (next) {
      form.reset(initial());
      setErrors({});
      setRefusal(undefined);
    }
    setOpen(next);
  };

  const lines =
    preview && "figures" in preview
      ? [...preview.figures.lines, ...preview.figures.extraLines.map((line, index) => ({ ...line, id: -(index + 1), source: "extra" as const }))]
      : [];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <IssueInvoiceTrigger />
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
        <DialogHeading
          eyebrow={`// ${jobTitle}`}
          title="Issue final invoice"
          description="The invoice takes the accepted estimate's lines, the options the customer chose, its discount and tax, less what was already paid. Add work beyond the estimate and any credit or surcharge below. It is numbered and mailed to the customer with its PDF."
        />
        <form onSubmit={onSubmit} noValidate aria-label="Issue final invoice" className="space-y-5">
          <FormRefusal>{refusal}</FormRefusal>
          {field("dueDate", "Due date", input("dueDate", { type: "date" }), "sm:w-1/2")}

          <fieldset className="space-y-3">
            <legend className="text-sm font-medium">Extra lines</legend>
            <LineEditor
              name="extraLines"
              rows={extraLines.fields}
              register={register}
              id={id}
              errors={errors}
              legend="Extra line"
              removeLabel={(index) => `Remove extra line ${index + 1}`}
              onRemove={(index) => (extraLines.remove(index), setErrors({}))}
              addLabel="Add extra line"
              full={extraLines.fields.length >= INVOICE_LIMITS.extraLines}
              onAdd={() => extraLines.append(blankExtraLine())}
            />
          </fieldset>

          <fieldset className="space-y-3">
            <legend className="text-sm font-medium">Adjustments, before tax</legend>
            {adjustments.fields.map((adjustment, index) => {
              const kind = `adjustments.${index}.kind`;
              return (
                <fieldset key={adjustment.id} className="space-y-3 rounded-md border p-4">
                  <legend className="hud-label px-1 text-primary">Adjustment {index + 1}</legend>
                  <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_9rem_9rem]">
                    {field(
                      `adjustments.${index}.description`,
                      "Description",
                      input(`adjustments.${index}.description`, { maxLength: INVOICE_LIMITS.adjustmentDescription }),
                    )}
                    {field(
                      kind,
                      "Kind",
                      <NativeSelect id={id(kind)} {...register(kind as Path<InvoiceValues>)}>
                        <option value="credit">Credit (−)</option>
                        <option value="surcharge">Surcharge (+)</option>
                      </NativeSelect>,
                    )}
                    {field(`adjustments.${index}.amount`, withCurrency("Amount"), input(`adjustments.${index}.amount`, { inputMode: "decimal" }))}
                  </div>
                  <Button type="button" size="sm" variant="ghost" onClick={() => (adjustments.remove(index), setErrors({}))}>
                    <Trash2 aria-hidden />
                    Remove adjustment {index + 1}
                  </Button>
                </fieldset>
              );
            })}
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={adjustments.fields.length >= INVOICE_LIMITS.adjustments}
              onClick={() => adjustments.append(blankAdjustment())}
            >
              <Plus aria-hidden />
              Add adjustment
            </Button>
          </fieldset>

          <section aria-labelledby={id("preview-heading")} className="space-y-2">
            <h3 id={id("preview-heading")} className="hud-label text-primary">
              The invoice as it will be issued
            </h3>
            {preview && "figures" in preview ? (
              <PricedLines
                lines={lines}
                totals={{ ...preview.figures, adjustments: live.adjustments ?? [], taxRateBasisPoints: estimate.taxRateBasisPoints }}
                currency={estimate.currency}
                caption="The lines of the invoice to issue"
              />
            ) : (
              <p role="status" className="text-sm text-muted-foreground">
                {preview ? preview.refused.message : "The figures show once every amount reads as a number."}
              </p>
            )}
          </section>

          <DialogActions closeLabel="Cancel">
            <Button type="submit" disabled={issue.isPending}>
              {issue.isPending ? "Issuing…" : "Issue invoice"}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
