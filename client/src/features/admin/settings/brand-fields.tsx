import { bestLabel, checkBrandColor, formatRatio, HEX_COLOR, leastOnGrounds } from "@common/brand";
import type { Theme } from "@common/theme";
import { Button } from "@/components/ui/button";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type FieldsOf, FixedNote } from "./setting-fields";

/** The themes' own colours (client/src/index.css), which an empty field keeps. */
const THEME_OWN = {
  primaryColor: { dark: "#22d3ee", light: "#0e7490" },
  accentColor: { dark: "#f59e0b", light: "#b45309" },
} as const;

const THEME_LABELS: Record<Theme, string> = { dark: "Dark theme", light: "Light theme" };

/** One theme's shade of the colour as a sample label on it, with the contrast the rule measured. */
function ShadeSample({ theme, color }: { theme: Theme; color: string }) {
  const { ratio } = leastOnGrounds(color, theme);
  const label = bestLabel(color);
  return (
    <li className="flex items-center gap-2">
      <span className="rounded-sm px-2 py-0.5 font-mono text-xs" style={{ background: color, color: label.label }}>
        {color}
      </span>
      <span>
        {THEME_LABELS[theme]}: {formatRatio(ratio)} as text, {formatRatio(label.ratio)} for its labels
      </span>
    </li>
  );
}

/**
 * What the typed colour will look like in each theme and how it measures, as it is typed: the shade
 * each theme shows, or the rule's reason for refusing it.
 */
function ContrastReadout({ id, color }: { id: string; color: string }) {
  const typed = color.trim().toLowerCase();
  let said;
  if (typed === "") said = <p>Empty: each theme keeps its own colour.</p>;
  else if (!HEX_COLOR.test(typed)) said = <p>Written #rrggbb, such as #0e7490.</p>;
  else {
    const checked = checkBrandColor(typed);
    said = checked.ok ? (
      <ul className="space-y-1">
        <ShadeSample theme="dark" color={checked.shades.dark.color} />
        <ShadeSample theme="light" color={checked.shades.light.color} />
      </ul>
    ) : (
      <p>{checked.message}</p>
    );
  }
  return (
    <div id={id} aria-live="polite" className="text-xs text-muted-foreground">
      {said}
    </div>
  );
}

interface ColorSettingProps extends FieldsOf {
  setting: "primaryColor" | "accentColor";
  label: string;
}

/**
 * A brand colour: a colour picker and its hex code, the contrast each theme would give it, and a
 * way back to the theme's own. Read-only when an environment variable were to fix it.
 */
export function ColorSetting({ view, form, prefix, setting, label }: ColorSettingProps) {
  const id = `${prefix}-${setting}`;
  const value = form.watch(setting);
  const error = form.formState.errors[setting]?.message;
  const variable = view.fixed[setting];
  const typed = value.trim().toLowerCase();
  const set = (color: string) => form.setValue(setting, color, { shouldDirty: true });
  const describedBy = [`${id}-readout`, variable ? `${id}-fixed` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(" ");
  return (
    <FormField id={id} label={label} error={error}>
      <div className="flex flex-wrap items-center gap-3">
        <input
          type="color"
          aria-label={`Pick the ${label.toLowerCase()}`}
          className="h-10 w-12 cursor-pointer rounded-md border border-input bg-transparent p-1"
          value={HEX_COLOR.test(typed) ? typed : THEME_OWN[setting].dark}
          disabled={variable !== undefined}
          onChange={(event) => set(event.target.value)}
        />
        <Input
          id={id}
          className="w-36 font-mono"
          autoComplete="off"
          spellCheck={false}
          placeholder="Theme's own"
          {...(variable ? { readOnly: true, value } : { ...fieldAria(id, error), ...form.register(setting) })}
          aria-describedby={describedBy}
        />
        {variable ? null : (
          <Button type="button" variant="outline" size="sm" onClick={() => set("")} disabled={typed === ""}>
            Use the default
          </Button>
        )}
      </div>
      <ContrastReadout id={`${id}-readout`} color={value} />
      {variable ? <FixedNote id={`${id}-fixed`} variable={variable} /> : null}
    </FormField>
  );
}
