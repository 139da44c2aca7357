import { BookOpenCheck } from "lucide-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { CaseStudyDecision } from "@common/case-studies";
import type { CustomerCaseStudy } from "@common/contract/case-studies";
import { CaseStudyCard } from "@/components/case-studies/case-study-card";
import { Button } from "@/components/ui/button";
import { PageSection } from "@/components/ui/page-section";
import { jobCaseStudyKey } from "@/api/case-studies";
import { send } from "@/lib/api";
import { toast } from "@/lib/use-toast";

const day = (at: string | null) => (at ? new Date(at).toLocaleDateString("en-US", { dateStyle: "medium" }) : "");

/** Where the customer's answer stands, in their words. */
function standing(study: CustomerCaseStudy): string {
  const { status, answeredAt, showName } = study.consent;
  if (status === "granted")
    return `You agreed on ${day(answeredAt)} to show it ${showName ? `naming ${study.namedAs}` : `as “${study.anonymousAs}”`}. You can withdraw at any time: it leaves the site at once.`;
  if (status === "declined") return `You declined on ${day(answeredAt)}. Nothing is shown.`;
  if (status === "withdrawn") return `You withdrew your consent on ${day(answeredAt)}. It is off the site.`;
  return "We would like to show this job on our website. Below is exactly what would be published; nothing is shown unless you agree.";
}

/**
 * The case study the business asks to publish about this job (docs/decisions/0066-case-study-consent.md):
 * the exact preview, named or anonymous as the customer chooses, and their answer; withdrawing later
 * happens here too. Nothing when they have not been asked.
 */
export function CaseStudyConsentCard({ jobId }: { jobId: number }) {
  const queryClient = useQueryClient();
  const study = useQuery<{ success: true; data: CustomerCaseStudy | null }>({ queryKey: jobCaseStudyKey(jobId) });
  const [showName, setShowName] = useState<boolean>();
  const answer = useMutation({
    mutationFn: (decision: CaseStudyDecision) =>
      send<{ message: string }>("POST", `/api/jobs/${jobId}/case-study/consent`, { body: { decision, showName: showName ?? false } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobCaseStudyKey(jobId) }),
  });
  const data = study.data?.data;
  if (!data) return null;
  const asked = data.consent.status === "requested";
  const named = showName ?? data.consent.showName;
  const preview = asked ? { ...data.preview, customerLabel: named ? data.namedAs : data.anonymousAs } : data.preview;

  const decide = async (decision: CaseStudyDecision) => {
    const result = await answer.mutateAsync(decision);
    if (result.ok) toast({ title: result.data.message, variant: "success" });
    else toast({ title: "Your answer could not be saved", description: result.message ?? result.generic, variant: "destructive" });
  };

  return (
    <PageSection id="case-study-heading" title="Case study" icon={<BookOpenCheck />}>
      <div className="space-y-4">
        <p>{standing(data)}</p>
        {asked ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">How you are named</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={`case-study-name-${jobId}`} className="size-4 accent-primary" checked={named} onChange={() => setShowName(true)} />
              <span className="break-words">Name my company: {data.namedAs}</span>
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={`case-study-name-${jobId}`} className="size-4 accent-primary" checked={!named} onChange={() => setShowName(false)} />
              <span className="break-words">Anonymous: “{data.anonymousAs}”</span>
            </label>
          </fieldset>
        ) : null}
        {data.consent.status !== "declined" && data.consent.status !== "withdrawn" ? (
          <div className="max-w-2xl">
            <CaseStudyCard study={preview} headingLevel={3} />
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {asked ? (
            <>
              <Button type="button" disabled={answer.isPending} onClick={() => void decide("grant")}>
                I agree to publish it
              </Button>
              <Button type="button" variant="outline" disabled={answer.isPending} onClick={() => void decide("decline")}>
                No, thanks
              </Button>
            </>
          ) : null}
          {data.consent.status === "granted" ? (
            <Button type="button" variant="outline" disabled={answer.isPending} onClick={() => void decide("withdraw")}>
              Withdraw my consent
            </Button>
          ) : null}
        </div>
      </div>
    </PageSection>
  );
}
