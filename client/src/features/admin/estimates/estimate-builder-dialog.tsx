import { LandPlot } from "lucide-react";
import { withCurrency } from "@/lib/format";
import { type ReactNode, useState } from "react";
import { type Path, useFieldArray, useForm, useWatch } from "react-hook-form";
import type { Estimate } from "@common/contract/estimates";
import type { PriceListItem } from "@common/contract/price-list";
import type { ErrorResponse } from "@common/contract/wire";
import { ESTIMATE_LIMITS } from "@common/estimates";
import type { SiteArea } from "@common/site-area";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FormRefusal } from "@/components/ui/panel-states";
import { toast } from "@/lib/use-toast";
import { useSendEstimate } from "./api";
import { EstimateBuilderTrigger } from "./estimate-builder-trigger";
import {
  areaLine,
  blankLine,
  browserToday,
  checkEstimate,
  type ErrorMap,
  type EstimateValues,
  formFieldOf,
  isBlankLine,
  lineFromItem,
  newEstimateValues,
  toEstimateBody,
  valuesFromEstimate,
} from "./estimate-form";
import { EstimateTotals } from "./estimate-totals";
import { LineEditor } from "../line-editor";
import { PriceListPicker } from "./price-list-picker";

export interface EstimateBuilderProps {
  jobId: number;
  /** Shown under the title: whose job it is. */
  about: string;
  /** The revision a new one replaces (its figures fill the form), or the job's last estimate; none for a first. */
  previous?: Estimate | undefined;
  /** "Send estimate" for a first (or after a declined one), "Revise estimate" for a revision. */
  label: "Send estimate" | "Revise estimate";
  /** Completes the trigger's name for screen readers where several sit side by side (" for the request from …"). */
  srLabel?: string;
  disabled?: boolean;
  /** The site's area as its customer drew it: offers a line priced by the acre. */
  siteArea?: SiteArea | null | undefined;
}

/** Form fields by the path react-hook-form knows them by. */
const asPath = (field: string) => field as Path<EstimateValues>;

/**
 * The estimate builder (docs/decisions/0026-quote-to-cash.md): priced lines, some optional, a
 * discount, a deposit as a percent of the total or a fixed amount, a valid-until date and a note,
 * with the totals as typed. The browser refuses what the server's schema would, under the same
 * field and in the same words; the server's own refusals land under their fields too
 * ("lines.1.unitPrice"). Nothing typed is lost.
 */
export function EstimateBuilderDialog({ jobId, about, previous, label, srLabel, disabled, siteArea, openAtOnce = false }: EstimateBuilderProps & OpensAtOnce) {
  const [open, setOpen] = useState(openAtOnce);
  const [errors, setErrors] = useState<ErrorMap>({});
  const [refusal, setRefusal] = useState<string>();
  const send = useSendEstimate();
  const initial = () => {
    const today = browserToday();
    return previous ? valuesFromEstimate(previous, today) : newEstimateValues(today);
  };
  const form = useForm<EstimateValues>({ defaultValues: initial() });
  const { register, control, setFocus } = form;
  const lines = useFieldArray({ control, name: "lines" });
  const values = useWatch({ control }) as EstimateValues;
  const depositKind = values.depositKind;
  // The rate the business charged on the job's last estimate; unknown for a first one.
  const taxRate = previous ? previous.taxRateBasisPoints : null;
  const live = toEstimateBody(jobId, values).body;

  const id = (field: string) => `estimate-${jobId}-${field.replaceAll(".", "-")}`;
  const aria = (field: string) => fieldAria(id(field), errors[field]);
  const field = (name: string, fieldLabel: string, control: ReactNode) => (
    <FormField id={id(name)} label={fieldLabel} error={errors[name]}>
      {control}
    </FormField>
  );

  /** Each error under its field, the first one focused; a refusal of no shown field above the form. */
  const showErrors = (byPath: ErrorMap, otherwise?: string) => {
    const shown: ErrorMap = {};
    for (const [path, message] of Object.entries(byPath)) {
      const name = formFieldOf(path);
      if (name !== undefined) shown[name] ??= message;
    }
    setErrors(shown);
    const first = Object.keys(shown).find((name) => name !== "");
    if (first) setFocus(asPath(first));
    setRefusal(Object.keys(shown).length ? undefined : otherwise);
  };

  const onSubmit = form.handleSubmit(async (typed) => {
    setRefusal(undefined);
    const today = browserToday();
    const { body, errors: unread } = toEstimateBody(jobId, typed);
    const refused = { ...checkEstimate(body, taxRate, today), ...unread };
    if (Object.keys(refused).length) return showErrors(refused);
    const answer = await send.mutateAsync(body);
    if (!answer.ok) return showErrors((answer.body as ErrorResponse | undefined)?.errors ?? {}, answer.message ?? answer.generic);
    const sent = answer.data.data;
    toast({
      title: "Estimate sent",
      description: `Estimate #${sent.number}${sent.revision > 1 ? ` (revision ${sent.revision})` : ""} to ${sent.customer.email}`,
      variant: "success",
    });
    setOpen(false);
  });

  /** A price list item fills the first line nothing was typed into, else comes in as a new line; focus stays in the search for the next. */
  const addItem = (item: PriceListItem) => {
    const blank = form.getValues("lines").findIndex(isBlankLine);
    if (blank === -1) lines.append(lineFromItem(item), { shouldFocus: false });
    else lines.update(blank, lineFromItem(item));
    setErrors({});
  };

  const onOpenChange = (next: boolean) => {
    if (next) {
      form.reset(initial());
      setErrors({});
      setRefusal(undefined);
    }
    setOpen(next);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <EstimateBuilderTrigger label={label} srLabel={srLabel} disabled={disabled} />
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
        <DialogHeading
          eyebrow={`// Estimate #${jobId}`}
          title={label}
          description={
            <>
              {about}. {previous && label === "Revise estimate" ? `This revision replaces revision ${previous.revision}. ` : ""}
              The customer gets it by mail with its PDF, and answers it in their dashboard.
            </>
          }
        />
        <form onSubmit={onSubmit} noValidate aria-label={label} className="space-y-5">
          <FormRefusal>{refusal}</FormRefusal>
          <div className="space-y-4">
            {errors[""] ? (
              <p role="alert" className="text-sm text-destructive">
                {errors[""]}
              </p>
            ) : null}
            <LineEditor
              name="lines"
              rows={lines.fields}
              register={register}
              id={id}
              errors={errors}
              legend="Line"
              removeLabel={() => "Remove line"}
              keepOne
              onRemove={(index) => {
                lines.remove(index);
                setErrors({});
              }}
              addLabel="Add line"
              full={lines.fields.length >= ESTIMATE_LIMITS.lines}
              onAdd={() => lines.append(blankLine())}
              note={(index) =>
                values.lines[index]?.priceListItemId ? (
                  <p className="text-xs text-muted-foreground">From the price list: its figures here are this estimate's own.</p>
                ) : null
              }
              beside={(index) => (
                <div className="flex items-center gap-2">
                  <input id={id(`lines.${index}.optional`)} type="checkbox" className="size-4 accent-primary" {...register(`lines.${index}.optional`)} />
                  <Label htmlFor={id(`lines.${index}.optional`)}>Optional</Label>
                </div>
              )}
            >
              {siteArea ? (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={lines.fields.length >= ESTIMATE_LIMITS.lines}
                  onClick={() => lines.append(areaLine(siteArea))}
                >
                  <LandPlot aria-hidden />
                  Add area line
                </Button>
              ) : null}
              <PriceListPicker onPick={addItem} disabled={lines.fields.length >= ESTIMATE_LIMITS.lines} />
            </LineEditor>
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            {field(
              "discount",
              withCurrency("Discount"),
              <Input id={id("discount")} inputMode="decimal" autoComplete="off" placeholder="0.00" {...aria("discount")} {...register("discount")} />,
            )}
            {field("validUntil", "Valid until", <Input id={id("validUntil")} type="date" {...aria("validUntil")} {...register("validUntil")} />)}
          </div>

          <fieldset className="space-y-3">
            <legend className="text-sm font-medium">Deposit</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {(
                [
                  ["percent", "Percent of total"],
                  ["amount", "Fixed amount"],
                ] as const
              ).map(([kind, kindLabel]) => (
                <div key={kind} className="flex items-center gap-2">
                  <input id={id(`deposit-${kind}`)} type="radio" value={kind} className="size-4 accent-primary" {...register("depositKind")} />
                  <Label htmlFor={id(`deposit-${kind}`)}>{kindLabel}</Label>
                </div>
              ))}
            </div>
            <div className="sm:w-1/2">
              {field(
                "depositValue",
                depositKind === "percent" ? "Deposit (%)" : withCurrency("Deposit"),
                <Input id={id("depositValue")} inputMode="decimal" autoComplete="off" {...aria("depositValue")} {...register("depositValue")} />,
              )}
            </div>
          </fieldset>

          {field("note", "Note", <Textarea id={id("note")} rows={3} maxLength={ESTIMATE_LIMITS.note} {...aria("note")} {...register("note")} />)}

          <EstimateTotals totals={live} taxRateBasisPoints={taxRate} />

          <DialogActions closeLabel="Cancel">
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? "Sending…" : "Send estimate"}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
