import { FileText, History, ListChecks, PenLine } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import type { Estimate } from "@common/contract/estimates";
import { formatMoney } from "@common/money";
import { OptionalMarker, type PricedLine, PricedLines } from "@/components/billing/priced-lines";
import { EstimateStatusBadge } from "@/components/estimates/estimate-status-badge";
import { DetailList } from "@/components/ui/detail-list";
import { PageHeading } from "@/components/ui/page-heading";
import { BackLink, PageSection } from "@/components/ui/page-section";
import { LoadingState, RecordPageError } from "@/components/ui/panel-states";
import { PdfLink } from "@/components/ui/pdf-link";
import { isMissingRecord } from "@/lib/api";
import { RequireAuth } from "@/components/require-auth";
import { estimatePath, estimateTitle } from "@/api/estimates";
import { formatDate, formatDay } from "@/lib/format";
import { jobPath } from "@/api/jobs";
import { useRouteId } from "@/lib/route-id";
import { withQueries } from "@/lib/with-queries";
import { useEstimate } from "./api/get-estimate";
import { AcceptForm, TextAnswerForm } from "./estimate-answers";
import { depositLabelOf, figuresOf, isAcceptable, isOpenToWords } from "./estimate-figures";
import { EstimateStanding } from "./estimate-standing";

/** An optional item the customer may tick, labelled by its description. */
function OptionCheckbox({ line, checked, onChange }: { line: PricedLine; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = `option-${line.id}`;
  return (
    <>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mr-2 size-4 align-middle accent-primary"
      />
      <label htmlFor={id} className="cursor-pointer">
        {line.description}
      </label>
      <OptionalMarker />
    </>
  );
}

/** How an optional item reads once the choice is made: chosen or not on the accepted estimate. */
function AnsweredOption({ line, chosen }: { line: PricedLine; chosen: boolean }) {
  return (
    <>
      {line.description}
      <OptionalMarker />
      <span className="ml-2 text-xs font-normal text-muted-foreground">{chosen ? "Chosen" : "Not chosen"}</span>
    </>
  );
}

function Revisions({ estimate }: { estimate: Estimate }) {
  const money = (cents: number) => formatMoney(cents, estimate.currency.toUpperCase());
  return (
    <ol className="space-y-2">
      {[...estimate.revisions].reverse().map((revision) => {
        const title = estimateTitle({ number: estimate.number, revision: revision.revision });
        return (
          <li key={revision.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-md border px-4 py-3 text-sm">
            {revision.id === estimate.id ? (
              <span aria-current="page" className="font-semibold">
                {title} (this one)
              </span>
            ) : (
              <Link href={estimatePath(revision.id)} className="font-semibold text-primary underline underline-offset-4">
                {title}
              </Link>
            )}
            <EstimateStatusBadge status={revision.status} />
            <span className="font-mono tabular-nums">{money(revision.total)}</span>
            <span className="text-muted-foreground">Sent {formatDate(revision.createdAt)}</span>
          </li>
        );
      })}
    </ol>
  );
}

function EstimateView({ estimate }: { estimate: Estimate }) {
  const acceptable = isAcceptable(estimate);
  const openToWords = isOpenToWords(estimate);
  const [chosen, setChosen] = useState<readonly number[]>(() => estimate.response?.optionalLineIds ?? []);
  const figures = figuresOf(estimate, chosen);
  const title = estimateTitle(estimate);
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => (on ? [...current.filter((other) => other !== id), id] : current.filter((other) => other !== id)));
  const describe = (line: PricedLine) => {
    if (!line.optional) return line.description;
    if (acceptable) return <OptionCheckbox line={line} checked={chosen.includes(line.id)} onChange={(on) => toggle(line.id, on)} />;
    return <AnsweredOption line={line} chosen={chosen.includes(line.id)} />;
  };
  const hasOptions = estimate.lines.some((line) => line.optional);

  return (
    <>
      <PageHeading eyebrow="// Estimate" title={title}>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <EstimateStatusBadge status={estimate.status} />
            {estimate.jobTitle}
          </p>
          <div className="flex flex-wrap gap-3">
            <PdfLink href={`/api/estimates/${estimate.id}/pdf`} what={title} />
            <BackLink href={jobPath(estimate.jobId)}>Back to the job</BackLink>
          </div>
        </div>
      </PageHeading>
      <div className="mx-auto max-w-5xl space-y-12 px-4 py-10 sm:px-6 lg:px-8">
        <EstimateStanding estimate={estimate} />
        <PageSection id="items-heading" title="Items" icon={<ListChecks />}>
          {acceptable && hasOptions ? <p className="text-muted-foreground">Tick the optional items you would like; the total and deposit follow.</p> : null}
          <PricedLines
            lines={estimate.lines}
            totals={figures}
            currency={estimate.currency}
            caption={`The items of ${title}`}
            describe={describe}
            depositLabel={depositLabelOf(estimate)}
          />
          <DetailList
            details={[
              { term: "Valid until", value: formatDay(estimate.validUntil) },
              { term: "Sent", value: formatDate(estimate.createdAt) },
            ]}
          />
        </PageSection>
        {estimate.note ? (
          <PageSection id="note-heading" title="Note" icon={<FileText />}>
            <p className="whitespace-pre-line">{estimate.note}</p>
          </PageSection>
        ) : null}
        {openToWords ? (
          <PageSection id="answer-heading" title="Your answer" icon={<PenLine />}>
            {acceptable ? <AcceptForm estimate={estimate} chosen={chosen} total={figures.total} deposit={figures.depositAmount ?? 0} /> : null}
            <div className="grid gap-6 md:grid-cols-2">
              <TextAnswerForm estimate={estimate} kind="changes" />
              <TextAnswerForm estimate={estimate} kind="decline" />
            </div>
          </PageSection>
        ) : null}
        {estimate.revisions.length > 1 ? (
          <PageSection id="revisions-heading" title="Revisions" icon={<History />}>
            <Revisions estimate={estimate} />
          </PageSection>
        ) : null}
      </div>
    </>
  );
}

function BackToJobs() {
  return <BackLink href="/dashboard">Your dashboard</BackLink>;
}

function EstimateLoader({ id }: { id: number }) {
  const estimate = useEstimate(id);
  if (estimate.isPending) return <LoadingState label="Loading the estimate…" />;
  if (estimate.isError) {
    const missing = isMissingRecord(estimate.error);
    return (
      <RecordPageError eyebrow="// Estimate" title={missing ? "Estimate not found" : "The estimate could not be loaded"} back={<BackToJobs />}>
        {missing ? "There is no estimate at this address in your account. It may belong to another account." : "Please try again later."}
      </RecordPageError>
    );
  }
  // A new revision is a new page: the ticked options start afresh from its own answer.
  return <EstimateView key={estimate.data.id} estimate={estimate.data} />;
}

/** /dashboard/estimates/:id: the customer reads an estimate revision, ticks its options and answers it; visitors go to /login. */
function EstimatePage() {
  const id = useRouteId();
  return <RequireAuth>{() => <EstimateLoader id={id} />}</RequireAuth>;
}

export default withQueries(EstimatePage);
