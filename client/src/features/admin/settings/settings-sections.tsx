import type { FormEventHandler, ReactNode } from "react";
import type { SettingKey, SettingsView } from "@common/contract/settings";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, NativeSelect } from "@/components/ui/input";
import { FormRefusal } from "@/components/ui/panel-states";
import { toast } from "@/lib/use-toast";
import { type FieldsOf, FixedNote, SettingInput } from "./setting-fields";
import type { SettingsFormValues } from "./settings-form";
import { StoredMailServerActions } from "./stored-mail-server";

/** What the Business section saves: the business's name and how to reach it, and what its documents say. */
export const BUSINESS_SETTINGS = [
  "businessName",
  "legalName",
  "phone",
  "email",
  "address",
  "taxNumber",
  "timeZone",
  "demoVideoUrl",
] as const satisfies SettingKey[];
/** What the Money section saves. */
export const MONEY_SETTINGS = ["currency", "taxRatePercent", "taxLabel", "paymentTerms", "bankDetails"] as const satisfies SettingKey[];
/** What the Brand section saves. */
export const BRAND_SETTINGS = ["primaryColor", "accentColor"] as const satisfies SettingKey[];
/** What the Maps section saves. */
export const MAP_SETTINGS = ["mapTilesUrl", "mapTilesAttribution", "mapSatelliteUrl", "mapSatelliteAttribution", "geocoderUrl"] as const satisfies SettingKey[];
/** What the Mail section saves. */
export const MAIL_SETTINGS = ["mail", "notifyEmail"] as const satisfies SettingKey[];

/** A section's save button, which says so while the save is under way. */
export const SaveButton = ({ pending, children }: { pending: boolean; children: string }) => (
  <Button type="submit" disabled={pending}>
    {pending ? "Saving…" : children}
  </Button>
);

/** A save's toast. */
export const savedToast = (_saved: SettingsView, message: string) => toast({ title: message, variant: "success" });

/**
 * The business's contact details, as the header, the contact section and the documents show them.
 * Each is required: one never saved starts empty with an example (docs/decisions/0060-settings-start-empty.md).
 */
export function ContactFields(props: FieldsOf) {
  return (
    <>
      <SettingInput {...props} setting="businessName" label="Business name" autoComplete="organization" placeholder="e.g. Prairie Drone Works" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SettingInput {...props} setting="phone" label="Phone" type="tel" autoComplete="tel" placeholder="e.g. +1 312 555 0142" />
        <SettingInput {...props} setting="email" label="E-mail" type="email" autoComplete="email" placeholder="e.g. hello@example.com" />
      </div>
      <SettingInput {...props} setting="address" label="Postal address" hint="One line of the address per line, at most 6." multiline autoComplete="off" />
    </>
  );
}

/** The tax rate and the word documents print beside it; either may be left empty for the default. */
export function TaxFields(props: FieldsOf) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SettingInput
        {...props}
        setting="taxRatePercent"
        label="Tax rate (%)"
        inputMode="decimal"
        autoComplete="off"
        hint="19 or 8.25. Empty: no tax is charged."
      />
      <SettingInput {...props} setting="taxLabel" label="Tax label" autoComplete="off" hint="What documents call it: Tax, VAT, GST. Empty: Tax." />
    </div>
  );
}

/**
 * The outgoing mail server: host, port, security, user, password (never shown: a stored one is
 * said to be there, and stays unless a new one is typed or it is removed), and the from-address;
 * a stored server can be given up. SMTP_URL fixes all of it at once, so one note says so.
 */
export function MailServerFields(props: FieldsOf) {
  const { view, form, prefix } = props;
  const variable = view.fixed.mail;
  const noteId = `${prefix}-mail-fixed`;
  const group = { ...props, setting: "mail" as const, ...(variable ? { fixedNoteId: noteId } : {}) };
  const secureId = `${prefix}-mailSecure`;
  const securityOf = (secure: SettingsFormValues["mailSecure"]) => (secure === "tls" ? "TLS (port 465)" : "STARTTLS (587)");
  const secure = form.register("mailSecure", {
    // A port left at the other choice's usual number follows the choice.
    onChange: (event: { target: { value: string } }) => {
      const port = form.getValues("mailPort").trim();
      if (port === "" || port === "465" || port === "587") form.setValue("mailPort", event.target.value === "tls" ? "465" : "587");
    },
  });
  return (
    <fieldset className="space-y-4" aria-describedby={variable ? noteId : undefined}>
      <legend className="mb-2 font-semibold">Outgoing mail server</legend>
      {variable ? <FixedNote id={noteId} variable={variable} /> : null}
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <SettingInput {...group} field="mailHost" label="Mail server (host)" autoComplete="off" placeholder="e.g. smtp.example.com" />
        <SettingInput {...group} field="mailPort" label="Port" inputMode="numeric" autoComplete="off" />
      </div>
      <FormField id={secureId} label="Security">
        {variable ? (
          <Input id={secureId} readOnly value={securityOf(form.getValues("mailSecure"))} aria-describedby={noteId} />
        ) : (
          <NativeSelect id={secureId} {...secure} value={form.watch("mailSecure")}>
            <option value="tls">{securityOf("tls")}</option>
            <option value="starttls">{securityOf("starttls")}</option>
          </NativeSelect>
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <SettingInput {...group} field="mailUser" label="User" autoComplete="off" />
        {variable ? null : (
          <SettingInput
            {...group}
            field="mailPassword"
            label="Password"
            type="password"
            autoComplete="new-password"
            placeholder={view.values.mail?.passwordSet ? "A password is stored — type to replace it" : undefined}
          />
        )}
      </div>
      <SettingInput {...group} field="mailFrom" label="From-address" autoComplete="off" placeholder="e.g. Prairie Drone Works <hello@example.com>" />
      <StoredMailServerActions view={view} form={form} />
    </fieldset>
  );
}

interface SectionFormProps {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  refusal: string | undefined;
  children: ReactNode;
  /** Under the fields: the save button, and in the setup Skip for now. */
  actions: ReactNode;
}

/** A section's form: what the server said that names no field above the fields, its buttons under them. */
export function SectionForm({ label, onSubmit, refusal, children, actions }: SectionFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="space-y-4">
      <FormRefusal>{refusal}</FormRefusal>
      {children}
      <div className="flex flex-wrap items-center gap-3 pt-2">{actions}</div>
    </form>
  );
}
