import { brandShade, PAPER_THEME } from "@common/brand";
import type { Database } from "../db/client";
import type { TaskQueue } from "../queue/queue";
import type { DocumentBusiness } from "../pdf/types";
import { documentLogo } from "../settings/logo";
import type { BusinessSettings, SettingsStore } from "../settings/settings-store";

/** What estimates, invoices, receipts and their mails read of the business's settings (server/settings/), as they are now. */
export interface BillingSettings {
  /** The tax rate in basis points: what a new estimate charges; each estimate and invoice keeps its own. */
  taxRateBasisPoints: number;
  /** "Tax", "VAT", "GST": how documents name the tax. */
  taxLabel: string;
  /** The business's calendar day (expiry, issue and due dates) and the times printed on documents. */
  timeZone: string;
  /** Every new amount's currency, lower case as Stripe names it and as estimates, invoices and payments store it. */
  currency: string;
  /** The business on every PDF. */
  business: DocumentBusiness;
  businessName: string;
  /** Printed on invoices: when and how to pay. */
  paymentTerms: string;
  bankDetails: string;
  /** Where the business's own notices go (empty: every admin). */
  notifyEmail: string;
  /** Links in mails: `${publicUrl}/dashboard/estimates/12`. */
  publicUrl: string;
}

/** The settings in effect, read at each use: a request or a task run calls it once and keeps the answer for its own work. */
export type BillingSource = () => Promise<BillingSettings>;

export function billingSettingsOf(settings: BusinessSettings, publicUrl: string, logo: Buffer | undefined): BillingSettings {
  // Paper is white: the documents print the shade of the brand's colour that reads on the light theme's grounds.
  const accent = brandShade(settings.primaryColor, PAPER_THEME);
  return {
    taxRateBasisPoints: settings.taxRateBasisPoints,
    taxLabel: settings.taxLabel,
    timeZone: settings.timeZone,
    currency: settings.currency.toLowerCase(),
    business: {
      name: settings.businessName,
      legalName: settings.legalName,
      address: settings.address,
      phone: settings.phone,
      email: settings.email,
      taxNumber: settings.taxNumber,
      taxLabel: settings.taxLabel,
      ...(accent ? { accentColor: accent.color } : {}),
      ...(logo ? { logo } : {}),
    },
    businessName: settings.businessName,
    paymentTerms: settings.paymentTerms,
    bankDetails: settings.bankDetails,
    notifyEmail: settings.notifyEmail,
    publicUrl,
  };
}

/** The settings as billing reads them now, with the documents' logo: BUSINESS_LOGO_PATH's, else the one uploaded in the back office. */
export function billingSource(store: Pick<SettingsStore, "read">, db: Database, publicUrl: string, environmentLogo: Buffer | undefined): BillingSource {
  return async () => {
    const settings = await store.read();
    const logo = environmentLogo ?? (settings.logoVersion ? await documentLogo(db, settings.logoVersion) : undefined);
    return billingSettingsOf(settings, publicUrl, logo);
  };
}

/** What the estimate, invoice and receipt mails are written with (the routes add the card provider: server/payments/provider.ts). */
export interface BillingDeps {
  db: Database;
  /** The durable queue their mails go through (after the transaction commits). */
  queue: Pick<TaskQueue, "send">;
  billing: BillingSettings;
}
