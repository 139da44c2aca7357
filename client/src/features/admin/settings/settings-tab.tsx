import type { ReactNode } from "react";
import type { SettingsView } from "@common/contract/settings";
import { Card } from "@/components/ui/card";
import { ErrorState, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { useSettings } from "./api/settings";
import { ColorSetting } from "./brand-fields";
import { LogoField } from "./logo-field";
import { CurrencySetting, SettingInput, TimeZoneSetting } from "./setting-fields";
import { useSettingsForm } from "./settings-form";
import {
  BRAND_SETTINGS,
  BUSINESS_SETTINGS,
  ContactFields,
  MAIL_SETTINGS,
  MailServerFields,
  MAP_SETTINGS,
  MONEY_SETTINGS,
  SaveButton,
  savedToast,
  SectionForm,
  TaxFields,
} from "./settings-sections";
import { TestMail } from "./test-mail";

const PREFIX = "settings";

function Section({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <PanelHeader id={`${id}-heading`} title={title} />
      <Card className="space-y-6">
        <p className="text-sm text-muted-foreground">{intro}</p>
        {children}
      </Card>
    </section>
  );
}

function BusinessSection({ view }: { view: SettingsView }) {
  const { form, submit, refusal, pending } = useSettingsForm(view, BUSINESS_SETTINGS);
  const fields = { view, form, prefix: PREFIX };
  return (
    <Section
      id="settings-business"
      title="Business"
      intro="Who the business is and how to reach it: the header, the contact section, mails and documents say it."
    >
      <SectionForm label="Business" onSubmit={submit(savedToast)} refusal={refusal} actions={<SaveButton pending={pending}>Save business details</SaveButton>}>
        <ContactFields {...fields} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SettingInput {...fields} setting="legalName" label="Legal name" autoComplete="off" hint="As documents print it, when it differs from the name." />
          <SettingInput {...fields} setting="taxNumber" label="Tax or registration number" autoComplete="off" />
        </div>
        <TimeZoneSetting {...fields} />
        <SettingInput
          {...fields}
          setting="demoVideoUrl"
          label="Demo video link"
          type="url"
          inputMode="url"
          autoComplete="off"
          hint="What WATCH DEMO on the home page opens. Empty: the sample video a new site shows."
        />
      </SectionForm>
      <LogoField logoUrl={view.values.logoUrl} businessName={view.values.businessName} />
    </Section>
  );
}

function BrandSection({ view }: { view: SettingsView }) {
  const { form, submit, refusal, pending } = useSettingsForm(view, BRAND_SETTINGS);
  const fields = { view, form, prefix: PREFIX };
  return (
    <Section
      id="settings-brand"
      title="Brand"
      intro="The colours of the site, the portal, the documents and the mails. Each must read as text on the theme it is shown in; the other theme shows a lighter or darker shade of it."
    >
      <SectionForm label="Brand" onSubmit={submit(savedToast)} refusal={refusal} actions={<SaveButton pending={pending}>Save brand colours</SaveButton>}>
        <div className="grid gap-6 sm:grid-cols-2">
          <ColorSetting {...fields} setting="primaryColor" label="Primary colour" />
          <ColorSetting {...fields} setting="accentColor" label="Accent colour" />
        </div>
      </SectionForm>
    </Section>
  );
}

function MoneySection({ view }: { view: SettingsView }) {
  const { form, submit, refusal, pending } = useSettingsForm(view, MONEY_SETTINGS);
  const fields = { view, form, prefix: PREFIX };
  return (
    <Section
      id="settings-money"
      title="Money"
      intro="What new estimates, invoices and card payments are in, the tax they charge, and what documents tell the customer about paying."
    >
      <SectionForm label="Money" onSubmit={submit(savedToast)} refusal={refusal} actions={<SaveButton pending={pending}>Save money settings</SaveButton>}>
        <CurrencySetting {...fields} />
        <TaxFields {...fields} />
        <SettingInput
          {...fields}
          setting="paymentTerms"
          label="Payment terms"
          multiline
          autoComplete="off"
          hint="Printed on invoices: Due within 30 days, say."
        />
        <SettingInput
          {...fields}
          setting="bankDetails"
          label="Bank details"
          multiline
          autoComplete="off"
          hint="Printed on invoices for payment by bank transfer."
        />
      </SectionForm>
    </Section>
  );
}

const TILE_EXAMPLE = "e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png";

/**
 * The base map under every map and the address search of the site-boundary editor
 * (docs/decisions/0070-base-map-and-geocoder.md): providers the owner chooses, with the credit their
 * usage policy asks for. Saved, every instance's pages carry them at the next render.
 */
function MapsSection({ view }: { view: SettingsView }) {
  const { form, submit, refusal, pending } = useSettingsForm(view, MAP_SETTINGS);
  const fields = { view, form, prefix: PREFIX };
  const url = { type: "url", inputMode: "url", autoComplete: "off" } as const;
  return (
    <Section
      id="settings-maps"
      title="Maps"
      intro="The base map every map draws the site on, and the address search that finds a customer's site. Use a provider whose terms allow your use, and give its credit."
    >
      <SectionForm label="Maps" onSubmit={submit(savedToast)} refusal={refusal} actions={<SaveButton pending={pending}>Save map settings</SaveButton>}>
        <SettingInput
          {...fields}
          {...url}
          setting="mapTilesUrl"
          label="Base map tiles (street)"
          placeholder={TILE_EXAMPLE}
          hint="The provider's XYZ tile address with {z}, {x} and {y}, or its WMTS capabilities (…/WMTSCapabilities.xml), read when saved. Empty: maps draw on a plain ground."
        />
        <SettingInput
          {...fields}
          setting="mapTilesAttribution"
          label="Base map credit"
          autoComplete="off"
          placeholder="e.g. © OpenStreetMap contributors"
          hint="Shown on every map and under the report's site map, as the provider asks."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SettingInput
            {...fields}
            {...url}
            setting="mapSatelliteUrl"
            label="Satellite tiles"
            placeholder="e.g. https://tiles.example.com/satellite/{z}/{x}/{y}.jpg"
            hint="Optional: a Street / Satellite switch on the maps."
          />
          <SettingInput {...fields} setting="mapSatelliteAttribution" label="Satellite credit" autoComplete="off" />
        </div>
        <SettingInput
          {...fields}
          {...url}
          setting="geocoderUrl"
          label="Address search"
          placeholder="e.g. https://nominatim.openstreetmap.org"
          hint="A Nominatim-compatible service, asked by the server. Empty: the maps have no search box."
        />
      </SectionForm>
    </Section>
  );
}

function MailSection({ view }: { view: SettingsView }) {
  const { form, submit, refusal, pending } = useSettingsForm(view, MAIL_SETTINGS);
  const fields = { view, form, prefix: PREFIX };
  return (
    <Section id="settings-mail" title="Mail" intro="The server the site sends its mail through, and where the business's own mail goes.">
      <SectionForm label="Mail" onSubmit={submit(savedToast)} refusal={refusal} actions={<SaveButton pending={pending}>Save mail settings</SaveButton>}>
        <MailServerFields {...fields} />
        <SettingInput
          {...fields}
          setting="notifyEmail"
          label="Where the business's own mail goes"
          type="email"
          autoComplete="off"
          hint="New requests, acceptances, payments and messages. Empty: every admin's own address."
        />
      </SectionForm>
      <TestMail />
    </Section>
  );
}

/**
 * The back office's Settings tab (docs/product.md §2, Back office: Settings): the business, brand,
 * money, maps and mail settings, each section saved on its own. A value an environment variable sets is shown
 * read-only with the variable's name.
 */
export function SettingsTab() {
  const settings = useSettings();
  if (settings.isPending) return <LoadingState label="Loading the settings…" />;
  if (settings.isError) return <ErrorState>{settings.error.message}</ErrorState>;
  const view = settings.data;
  return (
    <div className="space-y-10">
      <BusinessSection view={view} />
      <BrandSection view={view} />
      <MoneySection view={view} />
      <MapsSection view={view} />
      <MailSection view={view} />
    </div>
  );
}
