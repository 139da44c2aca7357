import { useState } from "react";
import { type Path, type UseFormReturn, useForm } from "react-hook-form";
import type { SettingKey, SettingsView } from "@common/contract/settings";
import { emptyMeansDefault, type SettingsPatch, settingsPatchSchema } from "@common/settings";
import { showRefusal } from "@/lib/show-refusal";
import { useSaveSettings } from "./api/settings";

/** The settings as their fields hold them: text as typed, the address one line per line, the mail server's parts apart. */
export interface SettingsFormValues {
  businessName: string;
  legalName: string;
  phone: string;
  email: string;
  address: string;
  taxNumber: string;
  timeZone: string;
  demoVideoUrl: string;
  currency: string;
  taxRatePercent: string;
  taxLabel: string;
  paymentTerms: string;
  bankDetails: string;
  notifyEmail: string;
  /** "#rrggbb" as typed; empty: the theme's own. */
  primaryColor: string;
  accentColor: string;
  mapTilesUrl: string;
  mapTilesAttribution: string;
  mapSatelliteUrl: string;
  mapSatelliteAttribution: string;
  geocoderUrl: string;
  mailHost: string;
  mailPort: string;
  /** "tls": TLS from the first byte (465); "starttls": STARTTLS when the server offers it (587). */
  mailSecure: "tls" | "starttls";
  mailUser: string;
  /** Empty unless typed: the stored password is never shown, and stays unless a new one is typed. */
  mailPassword: string;
  mailFrom: string;
}

const MAIL_FIELDS = { host: "mailHost", port: "mailPort", secure: "mailSecure", user: "mailUser", password: "mailPassword", from: "mailFrom" } as const;

/** The fields a setting is edited in: one for each, six for the mail server. */
const fieldsOfSetting = (setting: SettingKey): (keyof SettingsFormValues)[] => (setting === "mail" ? Object.values(MAIL_FIELDS) : [setting]);

/**
 * What the fields start from: each setting the owner has saved, or one an environment variable fixes.
 * One still at SPEC's default starts empty (docs/decisions/0060-settings-start-empty.md): the site shows
 * the default until the owner saves their own, and nobody has to delete another business's details.
 * The time zone and the currency are a choice in a list, which always holds one.
 */
function valuesOf({ values, saved, fixed }: SettingsView): SettingsFormValues {
  const own = (setting: SettingKey, shown: string) => (saved.includes(setting) || fixed[setting] !== undefined ? shown : "");
  return {
    businessName: own("businessName", values.businessName),
    legalName: own("legalName", values.legalName),
    phone: own("phone", values.phone),
    email: own("email", values.email),
    address: own("address", values.address.join("\n")),
    taxNumber: own("taxNumber", values.taxNumber),
    timeZone: values.timeZone,
    demoVideoUrl: own("demoVideoUrl", values.demoVideoUrl),
    currency: values.currency,
    taxRatePercent: own("taxRatePercent", String(values.taxRatePercent)),
    taxLabel: own("taxLabel", values.taxLabel),
    paymentTerms: own("paymentTerms", values.paymentTerms),
    bankDetails: own("bankDetails", values.bankDetails),
    notifyEmail: own("notifyEmail", values.notifyEmail),
    primaryColor: values.primaryColor ?? "",
    accentColor: values.accentColor ?? "",
    mapTilesUrl: values.mapTilesUrl,
    mapTilesAttribution: values.mapTilesAttribution,
    mapSatelliteUrl: values.mapSatelliteUrl,
    mapSatelliteAttribution: values.mapSatelliteAttribution,
    geocoderUrl: values.geocoderUrl,
    mailHost: values.mail?.host ?? "",
    mailPort: String(values.mail?.port ?? 587),
    mailSecure: values.mail?.secure ? "tls" : "starttls",
    mailUser: values.mail?.user ?? "",
    mailPassword: "",
    mailFrom: values.mail?.from ?? "",
  };
}

/** Shows `setting` in its fields as `view` has it, once saved by other means than the form; the other fields keep what was typed. */
export function showSaved(form: UseFormReturn<SettingsFormValues>, view: SettingsView, setting: SettingKey): void {
  const values = valuesOf(view);
  for (const field of fieldsOfSetting(setting)) form.resetField(field, { defaultValue: values[field] });
}

/** Whether a setting can be saved here: not one an environment variable fixes, nor the currency once money has moved. */
const isEditable = (view: SettingsView, setting: SettingKey): boolean => view.fixed[setting] === undefined && !(setting === "currency" && view.currencyLocked);

/** A number as people type it ("19", "8,25"); NaN when it is none, which the rule then names. */
const numberOf = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text.trim().replace(",", ".")));

/**
 * The PATCH body of a section: its editable settings, the address split into its lines, the tax rate
 * as a number, the mail server as one value (its password only when one was typed). A mail server
 * never set stays unset while its fields are left empty. A field left empty whose setting has a
 * default to go back to is sent as null; any other empty field as typed, for its rule to name.
 */
function patchOf(values: SettingsFormValues, settings: readonly SettingKey[], view: SettingsView): SettingsPatch {
  const patch: SettingsPatch = {};
  for (const setting of settings.filter((candidate) => isEditable(view, candidate))) {
    if (setting !== "mail" && values[setting].trim() === "" && emptyMeansDefault(setting)) {
      Object.assign(patch, { [setting]: null });
      continue;
    }
    switch (setting) {
      case "address":
        patch.address = values.address
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean);
        break;
      case "taxRatePercent":
        patch.taxRatePercent = numberOf(values.taxRatePercent);
        break;
      case "mail": {
        const untouched =
          view.values.mail === null && [values.mailHost, values.mailUser, values.mailFrom, values.mailPassword].every((text) => text.trim() === "");
        if (untouched) break;
        patch.mail = {
          host: values.mailHost,
          port: numberOf(values.mailPort),
          secure: values.mailSecure === "tls",
          user: values.mailUser,
          from: values.mailFrom,
          ...(values.mailPassword === "" ? {} : { password: values.mailPassword }),
        };
        break;
      }
      default:
        patch[setting] = values[setting];
    }
  }
  return patch;
}

/** The field an error's path names ("mail.port" → mailPort, "address.2" → address), when the section shows it. */
function fieldOfPath(settings: readonly SettingKey[]) {
  const shown = new Set(settings.flatMap(fieldsOfSetting));
  return (path: string): Path<SettingsFormValues> | undefined => {
    const [head = "", part] = path.split(".");
    const field = head === "mail" ? (MAIL_FIELDS[part as keyof typeof MAIL_FIELDS] ?? MAIL_FIELDS.host) : (head as keyof SettingsFormValues);
    return shown.has(field) ? field : undefined;
  };
}

/**
 * A form of some of the settings (a Settings section, a step of the first-run setup): checked by the
 * server's own rule (common/settings.ts) before sending, each error under its field; the server's
 * refusals likewise. On a refusal what was typed stays; once saved, the fields show what was saved.
 */
export function useSettingsForm(view: SettingsView, settings: readonly SettingKey[]) {
  const form = useForm<SettingsFormValues>({ defaultValues: valuesOf(view) });
  const save = useSaveSettings();
  const [refusal, setRefusal] = useState<string>();
  const fieldOf = fieldOfPath(settings);

  /** The submit handler: saves the section (with `also`, such as setupDone), then `onSaved` with the settings as saved. */
  const submit = (onSaved: (saved: SettingsView, message: string) => void, also: SettingsPatch = {}) =>
    form.handleSubmit(async (values) => {
      setRefusal(undefined);
      const patch = { ...patchOf(values, settings, view), ...also };
      const checked = settingsPatchSchema.safeParse(patch);
      if (!checked.success) {
        let placed = false;
        for (const issue of checked.error.issues) {
          const field = fieldOf(issue.path.join("."));
          if (!field) continue;
          form.setError(field, { message: issue.message }, { shouldFocus: !placed });
          placed = true;
        }
        if (!placed) setRefusal(checked.error.issues[0]?.message);
        return;
      }
      const answer = await save.mutateAsync(patch);
      if (!answer.ok) {
        setRefusal(showRefusal(answer, form.setError, fieldOf));
        return;
      }
      form.reset(valuesOf(answer.data.data));
      onSaved(answer.data.data, answer.data.message);
    });

  return { form, submit, refusal, pending: save.isPending };
}
