import { BookOpenCheck, Send } from "lucide-react";
import { CASE_STUDY_CONSENT_LABELS, type CaseStudyConsent } from "@common/case-studies";
import type { AdminCaseStudy } from "@common/contract/case-studies";
import { CaseStudyCard } from "@/components/case-studies/case-study-card";
import { Button } from "@/components/ui/button";
import { Badge, Card } from "@/components/ui/card";
import { CardList, ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import { STATUS_TONES } from "@/lib/status-tones";
import { DeleteButton, toastOf, VisibilityButton } from "../row-actions";
import { useAdminCaseStudies, useAskConsent, useDeleteCaseStudy, useUpdateCaseStudy } from "./api/case-studies";
import { EditCaseStudyDialog, NewCaseStudyDialog } from "./case-study-dialog";

const CONSENT_TONES: Record<CaseStudyConsent, keyof typeof STATUS_TONES> = {
  none: "quiet",
  requested: "waiting",
  granted: "good",
  declined: "bad",
  withdrawn: "bad",
};

const when = (at: string | null) => (at ? new Date(at).toLocaleDateString("en-US", { dateStyle: "medium" }) : "");

/** Where the consent stands, in words: who answered and when. */
function consentLine(study: AdminCaseStudy): string {
  const { status, requestedAt, answeredAt, answeredBy, showName } = study.consent;
  const by = answeredBy ? ` by ${answeredBy}` : "";
  switch (status) {
    case "requested":
      return `Asked on ${when(requestedAt)}; no answer yet.`;
    case "granted":
      return `Granted on ${when(answeredAt)}${by}, ${showName ? "with their name" : "anonymously"}.`;
    case "declined":
      return `Declined on ${when(answeredAt)}${by}.`;
    case "withdrawn":
      return `Withdrawn on ${when(answeredAt)}${by}: off the site.`;
    default:
      return "Not asked about this text and these pictures yet.";
  }
}

/** One case study: its state, the exact preview, and its actions. */
function CaseStudyRow({ study }: { study: AdminCaseStudy }) {
  const update = useUpdateCaseStudy();
  const ask = useAskConsent();
  const remove = useDeleteCaseStudy();
  const busy = update.isPending || ask.isPending || remove.isPending;
  const granted = study.consent.status === "granted";

  const onAsk = async () => toastOf(await ask.mutateAsync(study.id), "The customer could not be asked", study.title);
  const onShow = async () => toastOf(await update.mutateAsync({ id: study.id, shown: !study.shown }), "The case study could not be changed", study.title);
  const onDelete = async () => toastOf(await remove.mutateAsync(study.id), "The case study could not be deleted", study.title);

  return (
    <Card className="space-y-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm break-words text-muted-foreground">
            {study.jobTitle} · {study.customerName}
          </p>
          <p className="text-sm">{consentLine(study)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge className={STATUS_TONES[CONSENT_TONES[study.consent.status]]}>{CASE_STUDY_CONSENT_LABELS[study.consent.status]}</Badge>
          <Badge className={STATUS_TONES[study.public ? "good" : "quiet"]}>{study.public ? "On the site" : "Not on the site"}</Badge>
        </div>
      </div>
      <div className="max-w-2xl">
        <CaseStudyCard study={study.preview} headingLevel={4} />
      </div>
      <div className="flex flex-wrap gap-2">
        <EditCaseStudyDialog study={study} />
        {granted ? null : (
          <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => void onAsk()} aria-label={`Ask the customer: ${study.title}`}>
            <Send aria-hidden />
            {study.consent.status === "requested" ? "Ask again" : "Ask the customer"}
          </Button>
        )}
        <VisibilityButton
          name={study.title}
          shown={study.shown}
          words={{ show: "Show on the site", hide: "Hide from the site" }}
          disabled={busy || (!granted && !study.shown)}
          title={granted ? undefined : "Shown once the customer consents"}
          onToggle={() => void onShow()}
        />
        <DeleteButton
          name={study.title}
          busy={busy}
          deleting={remove.isPending}
          confirm={{
            title: "Delete case study",
            description: `"${study.title}" leaves the site and the back office, with the customer's answer. This cannot be undone; Hide keeps it for later.`,
          }}
          onDelete={onDelete}
        />
      </div>
    </Card>
  );
}

/** Case studies of delivered jobs: drafted here, consented to by the customer, then shown on the home and service pages (docs/product.md §2). */
export function CaseStudiesPanel() {
  const studies = useAdminCaseStudies();
  return (
    <ListPanel
      id="case-studies-heading"
      title="Case studies"
      actions={<NewCaseStudyDialog taken={(studies.data ?? []).map((study) => study.jobId)} />}
      query={studies}
      loadingLabel="Loading the case studies…"
      loadError="The case studies could not be loaded."
      empty={
        <EmptyState icon={<BookOpenCheck />}>
          No case studies yet. Draft one from a delivered job, ask its customer, and once they agree show it on the home and service pages.
        </EmptyState>
      }
    >
      {(items) => <CardList items={items}>{(study) => <CaseStudyRow study={study} />}</CardList>}
    </ListPanel>
  );
}
