import { CreditCard } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { Estimate } from "@common/contract/estimates";
import { formatMoney } from "@common/money";
import { buttonVariants } from "@/components/ui/button";
import { depositCheckoutHref, estimatePath, estimateTitle } from "@/api/estimates";
import { formatDate, formatDateTime, formatDay } from "@/lib/format";
import { STATUS_TONES } from "@/lib/status-tones";
import { cn } from "@/lib/utils";

function Notice({ tone, children }: { tone: keyof typeof STATUS_TONES; children: ReactNode }) {
  return <div className={cn("low:space-y-3 low:rounded-md low:border low:px-4 low:py-3", STATUS_TONES[tone])}>{children}</div>;
}

/** The latest revision of the job's estimate, for a superseded one to point at. */
const latestRevisionOf = (estimate: Estimate) => estimate.revisions.at(-1);

function Accepted({ estimate }: { estimate: Estimate }) {
  const money = (cents: number) => formatMoney(cents, estimate.currency.toUpperCase());
  const { response } = estimate;
  return (
    <Notice tone="good">
      <p>
        You accepted this estimate
        {response?.signedAt ? ` on ${formatDateTime(response.signedAt)}` : ""}
        {response?.signatureName ? `, signed “${response.signatureName}”` : ""}.
      </p>
      {estimate.depositDue > 0 ? (
        <>
          <p>A deposit of {money(estimate.depositDue)} is due before we schedule the flight.</p>
          <Link href={depositCheckoutHref(estimate)} className={buttonVariants({ size: "sm" })}>
            <CreditCard aria-hidden />
            Pay deposit {money(estimate.depositDue)}
          </Link>
        </>
      ) : estimate.depositPaid > 0 ? (
        <p>Deposit of {money(estimate.depositPaid)} paid. Thank you.</p>
      ) : null}
    </Notice>
  );
}

/**
 * Where the revision stands, in words: what the customer may still do, or why they no longer can
 * (expired, replaced, already answered), with the way on (the latest revision, the deposit).
 */
export function EstimateStanding({ estimate }: { estimate: Estimate }) {
  const { response } = estimate;
  if (estimate.status === "accepted") return <Accepted estimate={estimate} />;
  if (estimate.status === "superseded") {
    const latest = latestRevisionOf(estimate);
    return (
      <Notice tone="quiet">
        <p>This estimate was replaced by a newer revision and can no longer be answered.</p>
        {latest && latest.id !== estimate.id ? (
          <Link href={estimatePath(latest.id)} className={buttonVariants({ size: "sm" })}>
            Open the latest revision, {estimateTitle({ number: estimate.number, revision: latest.revision })}
          </Link>
        ) : null}
      </Notice>
    );
  }
  if (estimate.status === "declined") {
    return (
      <Notice tone="bad">
        <p>You declined this estimate{response ? ` on ${formatDate(response.createdAt)}` : ""}.</p>
        {response?.reason ? <p className="whitespace-pre-line">Your reason: {response.reason}</p> : null}
      </Notice>
    );
  }
  const asked =
    response?.answer === "changes_requested" ? (
      <>
        <p>You asked for changes on {formatDate(response.createdAt)}. We will reply with a revised estimate.</p>
        {response.comment ? <p className="whitespace-pre-line">Your comment: {response.comment}</p> : null}
      </>
    ) : null;
  if (estimate.status === "expired") {
    return (
      <Notice tone="quiet">
        <p>
          This estimate expired on {formatDay(estimate.validUntil)} and can no longer be accepted.
          {asked ? "" : " Ask for changes below to get a new one, or decline it."}
        </p>
        {asked}
      </Notice>
    );
  }
  if (asked) return <Notice tone="info">{asked}</Notice>;
  return (
    <Notice tone="waiting">
      <p>Please answer by {formatDay(estimate.validUntil)}: accept it, ask for changes, or decline it.</p>
    </Notice>
  );
}
