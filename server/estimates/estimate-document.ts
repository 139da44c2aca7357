import { eq } from "drizzle-orm";
import { calendarDateIn } from "@common/calendar-date";
import type { BillingSettings } from "../billing/settings";
import type { Database } from "../db/client";
import { jobs } from "../db/schema";
import { renderEstimatePdf } from "../pdf/estimate-pdf";
import type { EstimateDocument } from "../pdf/types";
import type { EstimateView } from "./read-estimates";

/**
 * What an estimate's PDF prints (server/pdf), from the revision as the API reads it. Before
 * an answer, the figures as sent with the optional items offered; once accepted, the figures the
 * customer accepted, the items they chose and did not, and their signature.
 */
function estimateDocument(estimate: EstimateView, site: string, billing: Pick<BillingSettings, "business" | "timeZone">): EstimateDocument {
  const accepted = estimate.response?.answer === "accepted" ? estimate.response : null;
  const chosen = new Set(accepted?.optionalLineIds ?? []);
  const figures = accepted
    ? {
        subtotal: accepted.acceptedSubtotal ?? 0,
        tax: accepted.acceptedTax ?? 0,
        total: accepted.acceptedTotal ?? 0,
        deposit: accepted.acceptedDepositAmount ?? 0,
      }
    : { subtotal: estimate.subtotal, tax: estimate.tax, total: estimate.total, deposit: estimate.depositAmount };
  return {
    business: billing.business,
    customer: estimate.customer,
    job: { title: estimate.jobTitle, site },
    currency: estimate.currency.toUpperCase(),
    timeZone: billing.timeZone,
    number: estimate.number,
    revision: estimate.revision,
    issuedOn: calendarDateIn(billing.timeZone, estimate.createdAt),
    validUntil: estimate.validUntil,
    lines: estimate.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unitPrice: line.unitPrice,
      amount: line.amount,
      ...(line.optional ? { optional: accepted ? { chosen: chosen.has(line.id) } : {} } : {}),
    })),
    charge: {
      subtotal: figures.subtotal,
      discount: estimate.discount,
      taxRateBasisPoints: estimate.taxRateBasisPoints,
      tax: figures.tax,
      total: figures.total,
    },
    deposit: figures.deposit,
    ...(estimate.depositPercent === null ? {} : { depositPercent: estimate.depositPercent }),
    ...(estimate.note ? { note: estimate.note } : {}),
    ...(accepted?.signatureName && accepted.signedAt ? { acceptance: { name: accepted.signatureName, at: accepted.signedAt } } : {}),
  };
}

/** The job's site as the PDF prints it: its name and address, whichever are known. */
async function siteOf(db: Database, jobId: number): Promise<string> {
  const [job] = await db.select({ name: jobs.siteName, address: jobs.siteAddress }).from(jobs).where(eq(jobs.id, jobId));
  return [job?.name, job?.address].filter(Boolean).join(", ");
}

/** The estimate's PDF and the name it is downloaded and attached as: estimate-12-rev-2.pdf. */
export async function estimatePdf(
  db: Database,
  billing: Pick<BillingSettings, "business" | "timeZone">,
  estimate: EstimateView,
): Promise<{ filename: string; pdf: Buffer }> {
  const pdf = await renderEstimatePdf(estimateDocument(estimate, await siteOf(db, estimate.jobId), billing));
  return { filename: `estimate-${estimate.number}-rev-${estimate.revision}.pdf`, pdf };
}
