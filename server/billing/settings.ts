import type { Database } from "../db/client";
import type { TaskQueue } from "../queue/queue";
import type { Config } from "../config";
import { documentBusinessOf } from "../pdf/business";
import type { DocumentBusiness } from "../pdf/types";

/** What estimates, invoices, receipts and their mails read of the configuration. */
export interface BillingSettings {
  /** TAX_RATE in basis points: what a new estimate charges; each estimate and invoice keeps its own. */
  taxRateBasisPoints: number;
  /** BUSINESS_TIME_ZONE: the business's calendar day (expiry, issue and due dates) and the times printed on documents. */
  timeZone: string;
  /** Every amount's currency, as Stripe and the documents name it. */
  currency: "usd";
  /** The business on every PDF. */
  business: DocumentBusiness;
  businessName: string;
  /** Links in mails: `${publicUrl}/dashboard/estimates/12`. */
  publicUrl: string;
}

export function billingSettingsOf(config: Pick<Config, "site" | "business" | "publicUrl">): BillingSettings {
  return {
    taxRateBasisPoints: config.business.taxRateBasisPoints,
    timeZone: config.business.timeZone,
    currency: "usd",
    business: documentBusinessOf(config),
    businessName: config.site.businessName,
    publicUrl: config.publicUrl,
  };
}

/** What the estimate, invoice and receipt mails are written with (the routes add the card provider: server/payments/provider.ts). */
export interface BillingDeps {
  db: Database;
  /** The durable queue their mails go through (after the transaction commits). */
  queue: Pick<TaskQueue, "send">;
  billing: BillingSettings;
}
