import { type ComponentProps, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { SettingKey, SettingsView } from "@common/contract/settings";
import { settingsMessages } from "@common/settings";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { TimeZonePicker } from "../jobs/time-zone-picker";
import type { SettingsFormValues } from "./settings-form";

/** What every field of a settings form is given: the settings, the form, and the prefix of its ids (a tab and the setup may both be on the page). */
export interface FieldsOf {
  view: SettingsView;
  form: UseFormReturn<SettingsFormValues>;
  prefix: string;
}

type TextField = Exclude<keyof SettingsFormValues, "mailSecure">;

interface SettingInputProps extends FieldsOf, Omit<ComponentProps<"input">, "id" | "form" | "prefix"> {
  setting: SettingKey;
  /** The form's field, when the setting has several (the mail server's host, port…). */
  field?: TextField;
  label: string;
  /** A line under the field saying what it is for. */
  hint?: string;
  /** The one note of a group that an environment variable fixes as a whole (the mail server): the field points at it instead of saying it again. */
  fixedNoteId?: string;
  multiline?: boolean;
}

/** "Set by the environment variable X": said under a value fixed there, which is shown and never edited. */
export function FixedNote({ id, variable }: { id: string; variable: string }) {
  return (
    <p id={id} className="text-xs text-muted-foreground">
      Set by the environment variable <code className="font-mono text-foreground">{variable}</code>
    </p>
  );
}

function Hint({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="text-xs text-muted-foreground">
      {children}
    </p>
  );
}

/**
 * One setting's text field, its error under it; read-only with the variable's name when an
 * environment variable fixes the setting (the server would refuse a new value).
 */
export function SettingInput({ view, form, prefix, setting, field, label, hint, fixedNoteId, multiline = false, ...inputProps }: SettingInputProps) {
  const name = field ?? (setting as TextField);
  const id = `${prefix}-${name}`;
  const variable = view.fixed[setting];
  const error = form.formState.errors[name]?.message;
  const describedBy = [variable ? (fixedNoteId ?? `${id}-fixed`) : undefined, hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined]
    .filter(Boolean)
    .join(" ");
  const control = variable ? { readOnly: true, value: form.getValues(name) } : { ...fieldAria(id, error), ...form.register(name) };
  return (
    <FormField id={id} label={label} error={error}>
      {multiline ? (
        <Textarea id={id} rows={3} {...(inputProps as ComponentProps<"textarea">)} {...control} aria-describedby={describedBy || undefined} />
      ) : (
        <Input id={id} {...inputProps} {...control} aria-describedby={describedBy || undefined} />
      )}
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      {variable && !fixedNoteId ? <FixedNote id={`${id}-fixed`} variable={variable} /> : null}
    </FormField>
  );
}

/** The business's time zone: a searchable list of every zone the browser knows; read-only when BUSINESS_TIME_ZONE sets it. */
export function TimeZoneSetting({ view, form, prefix }: FieldsOf) {
  const id = `${prefix}-timeZone`;
  if (view.fixed.timeZone) return <SettingInput view={view} form={form} prefix={prefix} setting="timeZone" label="Time zone" />;
  const error = form.formState.errors.timeZone?.message;
  return (
    <TimeZonePicker
      id={id}
      error={error}
      business={view.values.timeZone}
      select={{ id, ...fieldAria(id, error), ...form.register("timeZone"), value: form.watch("timeZone") }}
    />
  );
}

/** The currencies most businesses bill in; any other ISO 4217 code can be typed. */
const COMMON_CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD", "NZD", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK", "JPY", "SGD", "HKD", "INR", "ZAR", "BRL", "MXN"];
const OTHER = "other";

/**
 * The currency: a list of the common codes, "Other" for a code typed by hand. Disabled, with the
 * reason, once money has moved: documents already issued stay in theirs.
 */
export function CurrencySetting({ view, form, prefix }: FieldsOf) {
  const id = `${prefix}-currency`;
  const current = form.watch("currency");
  const [other, setOther] = useState(() => !COMMON_CURRENCIES.includes(view.values.currency));
  const error = form.formState.errors.currency?.message;
  if (view.currencyLocked) {
    return (
      <FormField id={id} label="Currency">
        <Input id={id} value={view.values.currency} disabled aria-describedby={`${id}-locked`} />
        <Hint id={`${id}-locked`}>{settingsMessages.currencyLocked}</Hint>
      </FormField>
    );
  }
  const registration = form.register("currency");
  return (
    <div className="space-y-3">
      <FormField id={id} label="Currency" error={other ? undefined : error}>
        <NativeSelect
          id={id}
          {...(other ? {} : fieldAria(id, error))}
          value={other ? OTHER : current}
          onChange={(event) => {
            const chosen = event.target.value;
            setOther(chosen === OTHER);
            // Other starts the code empty: the one chosen before is not a code to type after.
            form.setValue("currency", chosen === OTHER ? "" : chosen, { shouldDirty: true });
          }}
        >
          {COMMON_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
          <option value={OTHER}>Other (type the code)</option>
        </NativeSelect>
      </FormField>
      {other ? (
        <FormField id={`${id}-code`} label="Currency code (ISO 4217)" error={error}>
          <Input id={`${id}-code`} autoComplete="off" maxLength={3} className="uppercase" {...fieldAria(`${id}-code`, error)} {...registration} />
        </FormField>
      ) : null}
    </div>
  );
}
