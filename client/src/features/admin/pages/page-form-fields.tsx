import { Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import { withCurrency } from "@/lib/format";
import { fieldId, TextField } from "./page-fields";
import {
  emptyPackage,
  emptyQuestion,
  type FieldErrors,
  type HomeValues,
  type PackageValues,
  PRICE_CHOICES,
  type PriceChoice,
  type ServiceValues,
} from "./page-form-values";

const PARAGRAPHS_HINT = "A blank line starts a new paragraph.";

/** The most stats the home page's hero shows (common/site-pages.ts). */
const MAX_STATS = 4;

function Group({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-md border p-4">
      <legend className="px-1 font-semibold">{title}</legend>
      {children}
      {action}
    </fieldset>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="button" size="sm" variant="ghost" onClick={onClick}>
      <Trash2 aria-hidden />
      {label}
    </Button>
  );
}

function AddButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Button type="button" size="sm" variant="outline" onClick={onClick} disabled={disabled}>
      <Plus aria-hidden />
      {label}
    </Button>
  );
}

const replaced = <T,>(rows: readonly T[], index: number, row: T) => rows.map((candidate, at) => (at === index ? row : candidate));
const without = <T,>(rows: readonly T[], index: number) => rows.filter((_, at) => at !== index);

interface FieldsProps<Values> {
  values: Values;
  errors: FieldErrors;
  onChange: (values: Values) => void;
}

/** The home page's hero: its label, headline, intro and stats. */
export function HomeFields({ values, errors, onChange }: FieldsProps<HomeValues>) {
  const set = (change: Partial<HomeValues>) => onChange({ ...values, ...change });
  return (
    <Group
      title="Hero"
      action={
        <AddButton label="Add a stat" disabled={values.stats.length >= MAX_STATS} onClick={() => set({ stats: [...values.stats, { value: "", label: "" }] })} />
      }
    >
      <TextField path="hero.label" label="Label above the headline" value={values.label} errors={errors} onChange={(label) => set({ label })} />
      <TextField path="hero.headline" label="Headline" value={values.headline} errors={errors} onChange={(headline) => set({ headline })} />
      <TextField path="hero.intro" label="Intro" multiline hint={PARAGRAPHS_HINT} value={values.intro} errors={errors} onChange={(intro) => set({ intro })} />
      {values.stats.map((stat, index) => (
        <div key={index} className="grid items-end gap-3 sm:grid-cols-[1fr_2fr_auto]">
          <TextField
            path={`hero.stats.${index}.value`}
            label={`Stat ${index + 1} value`}
            value={stat.value}
            errors={errors}
            onChange={(value) => set({ stats: replaced(values.stats, index, { ...stat, value }) })}
          />
          <TextField
            path={`hero.stats.${index}.label`}
            label={`Stat ${index + 1} label`}
            value={stat.label}
            errors={errors}
            onChange={(label) => set({ stats: replaced(values.stats, index, { ...stat, label }) })}
          />
          <RemoveButton label={`Remove stat ${index + 1}`} onClick={() => set({ stats: without(values.stats, index) })} />
        </div>
      ))}
    </Group>
  );
}

function PackageFields({ index, values, errors, onChange }: FieldsProps<PackageValues> & { index: number }) {
  const path = `packages.items.${index}`;
  const set = (change: Partial<PackageValues>) => onChange({ ...values, ...change });
  const priced = values.price === "fixed" || values.price === "from";
  const kindId = fieldId(`${path}.price`);
  const recommendedId = fieldId(`${path}.recommended`);
  const name = values.name || `Package ${index + 1}`;
  return (
    <div className="space-y-4 rounded-md border border-dashed p-4">
      <TextField path={`${path}.name`} label={`Package ${index + 1} name`} value={values.name} errors={errors} onChange={(text) => set({ name: text })} />
      <TextField
        path={`${path}.features`}
        label={`What ${name} includes`}
        hint="One line per item."
        multiline
        value={values.features}
        errors={errors}
        onChange={(features) => set({ features })}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField id={kindId} label={`${name} price`} error={errors[`${path}.price`]}>
          <NativeSelect
            id={kindId}
            value={values.price}
            onChange={(event) => set({ price: event.target.value as PriceChoice })}
            {...fieldAria(kindId, errors[`${path}.price`])}
          >
            {PRICE_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {priced ? (
          <>
            <TextField
              path={`${path}.price.cents`}
              label={withCurrency(`${name} amount`)}
              inputMode="decimal"
              value={values.amount}
              errors={errors}
              onChange={(amount) => set({ amount })}
            />
            <TextField
              path={`${path}.price.unit`}
              label={`${name} unit`}
              hint="Leave empty for the whole package, or acre, MWp, hour…"
              value={values.unit}
              errors={errors}
              onChange={(unit) => set({ unit })}
            />
          </>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        <input
          id={recommendedId}
          type="checkbox"
          className="size-4 accent-primary"
          checked={values.recommended}
          onChange={(event) => set({ recommended: event.target.checked })}
        />
        <label htmlFor={recommendedId} className="text-sm">
          {name} is recommended
        </label>
      </div>
    </div>
  );
}

/** A service page's hero, packages and FAQ. */
export function ServiceFields({ values, errors, onChange }: FieldsProps<ServiceValues>) {
  const set = (change: Partial<ServiceValues>) => onChange({ ...values, ...change });
  return (
    <>
      <Group title="Hero">
        <TextField path="hero.eyebrow" label="Label above the headline" value={values.eyebrow} errors={errors} onChange={(eyebrow) => set({ eyebrow })} />
        <TextField path="hero.headline" label="Headline" value={values.headline} errors={errors} onChange={(headline) => set({ headline })} />
        <TextField path="hero.intro" label="Intro" multiline hint={PARAGRAPHS_HINT} value={values.intro} errors={errors} onChange={(intro) => set({ intro })} />
      </Group>
      <Group title="Packages" action={<AddButton label="Add a package" onClick={() => set({ packages: [...values.packages, emptyPackage()] })} />}>
        {values.packages.map((item, index) => (
          <div key={index} className="space-y-2">
            <PackageFields index={index} values={item} errors={errors} onChange={(row) => set({ packages: replaced(values.packages, index, row) })} />
            <RemoveButton label={`Remove package ${index + 1}`} onClick={() => set({ packages: without(values.packages, index) })} />
          </div>
        ))}
      </Group>
      <Group title="FAQ" action={<AddButton label="Add a question" onClick={() => set({ faq: [...values.faq, emptyQuestion()] })} />}>
        {values.faq.map((item, index) => (
          <div key={index} className="space-y-3 rounded-md border border-dashed p-4">
            <TextField
              path={`faq.items.${index}.question`}
              label={`Question ${index + 1}`}
              value={item.question}
              errors={errors}
              onChange={(question) => set({ faq: replaced(values.faq, index, { ...item, question }) })}
            />
            <TextField
              path={`faq.items.${index}.answer`}
              label={`Answer ${index + 1}`}
              multiline
              hint={PARAGRAPHS_HINT}
              value={item.answer}
              errors={errors}
              onChange={(answer) => set({ faq: replaced(values.faq, index, { ...item, answer }) })}
            />
            <RemoveButton label={`Remove question ${index + 1}`} onClick={() => set({ faq: without(values.faq, index) })} />
          </div>
        ))}
      </Group>
    </>
  );
}
