import { formatMoney } from "@common/money";
import type { BillingDeps } from "../billing/settings";
import { estimateName } from "../pdf/estimate-pdf";
import { formatDate } from "../pdf/format";
import { estimatePdf } from "./estimate-document";
import { readEstimate } from "./read-estimates";
import { helloTo } from "../mail/greeting";
import { noticeSender } from "../mail/notice";
import { businessRecipients } from "../settings/recipients";

type Deps = BillingDeps;

/** An address mail can reach: an erased account's ends in .invalid. */
const reachable = (email: string) => !email.endsWith(".invalid");

/**
 * To the customer: the estimate was sent (or revised), its PDF attached, with the link to answer it
 * in the portal. Once per revision however often it is called. Call it after the transaction that
 * wrote the estimate committed (server/queue/queue.ts: never inside one).
 */
export async function mailEstimateSent({ db, queue, billing }: Deps, estimateId: number): Promise<void> {
  const estimate = await readEstimate(db, billing.timeZone, estimateId);
  if (!reachable(estimate.customer.email)) return;
  const { filename, pdf } = await estimatePdf(db, billing, estimate);
  const money = (cents: number) => formatMoney(cents, estimate.currency);
  const name = estimateName(estimate);
  const options = estimate.lines.some((line) => line.optional) ? " It offers optional items you may add." : "";
  await noticeSender(queue, () => ({ name: billing.businessName, color: billing.business.accentColor }))({
    to: [estimate.customer.email],
    subject: `${name} from ${billing.businessName}: ${estimate.jobTitle}`,
    lines: [
      await helloTo(db, estimate.customer),
      `${estimate.revision > 1 ? "Here is the revised estimate" : "Here is our estimate"} for "${estimate.jobTitle}": ${money(estimate.total)}, valid until ${formatDate(estimate.validUntil)}.${options}`,
      ...(estimate.depositAmount > 0 ? [`A deposit of ${money(estimate.depositAmount)} is due when you accept it.`] : []),
      "Open it to accept it with your signature, ask for changes or decline. The PDF is attached.",
    ],
    link: { href: `${billing.publicUrl}/dashboard/estimates/${estimate.id}`, label: "View the estimate" },
    attachments: [{ filename, content: pdf.toString("base64"), contentType: "application/pdf", encoding: "base64" }],
    key: `estimate-sent:${estimate.id}`,
  });
}

/** How the admins' mail names each answer. */
const ANSWERED = { accepted: "accepted", changes_requested: "changes requested", declined: "declined" } as const;

/**
 * To every admin: the customer answered an estimate (accepted with the figures and the signature,
 * asked for changes with their comment, declined with their reason). Once per revision.
 */
export async function mailEstimateAnswered({ db, queue, billing }: Deps, estimateId: number): Promise<void> {
  const estimate = await readEstimate(db, billing.timeZone, estimateId);
  const response = estimate.response;
  if (!response) return;
  const admins = await businessRecipients(db, billing.notifyEmail);
  const money = (cents: number) => formatMoney(cents, estimate.currency);
  const name = estimateName(estimate);
  const who = `${estimate.customer.name} <${estimate.customer.email}>`;
  const details =
    response.answer === "accepted"
      ? [
          `${who} accepted ${name} for "${estimate.jobTitle}", signed "${response.signatureName ?? ""}": ${money(response.acceptedTotal ?? 0)}${(response.acceptedDepositAmount ?? 0) > 0 ? `, deposit ${money(response.acceptedDepositAmount ?? 0)} due` : ""}.`,
          ...(response.optionalLineIds.length > 0
            ? [
                `Optional items chosen: ${estimate.lines
                  .filter((line) => response.optionalLineIds.includes(line.id))
                  .map((line) => line.description)
                  .join("; ")}.`,
              ]
            : []),
        ]
      : response.answer === "changes_requested"
        ? [`${who} asked for changes to ${name} for "${estimate.jobTitle}":`, "", ...(response.comment ?? "").split("\n")]
        : [`${who} declined ${name} for "${estimate.jobTitle}":`, "", ...(response.reason ?? "").split("\n")];
  await noticeSender(queue, () => ({ name: billing.businessName, color: billing.business.accentColor }))({
    to: admins,
    subject: `${name} ${ANSWERED[response.answer]}: ${estimate.jobTitle}`,
    lines: details,
    link: { href: `${billing.publicUrl}/admin-dashboard/jobs/${estimate.jobId}`, label: "Open the job" },
    key: `estimate-answered:${estimate.id}`,
  });
}
