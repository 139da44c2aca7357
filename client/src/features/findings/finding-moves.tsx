import { useId, useState } from "react";
import type { Finding } from "@common/contract/findings";
import { canMoveFinding, type FindingStatus } from "@common/findings";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FormRefusal } from "@/components/ui/panel-states";
import { useMoveFinding } from "./api/write-findings";

/** What each move's button says. */
const MOVE_LABELS: Record<FindingStatus, string> = {
  candidate: "Make candidate",
  open: "Reopen",
  repair_planned: "Mark repair planned",
  repaired: "Mark repaired",
  verified: "Verify",
  dismissed: "Dismiss",
};

/**
 * The finding's next states as buttons, with a comment kept in its history: the customer plans or
 * reports a repair; the business verifies, dismisses (the comment is the reason) or reopens.
 */
export function FindingMoves({ finding, staff }: { finding: Finding; staff: boolean }) {
  const id = useId();
  const [comment, setComment] = useState("");
  const [refusal, setRefusal] = useState("");
  const move = useMoveFinding();
  const moves = (["repair_planned", "repaired", "verified", "open", "dismissed"] as const).filter((to) => canMoveFinding(finding.status, to, !staff));
  if (moves.length === 0) return null;
  const submit = async (status: FindingStatus) => {
    setRefusal("");
    if (status === "dismissed" && !comment.trim()) return setRefusal("Say why the finding is dismissed in the comment.");
    const answer = await move.mutateAsync({ id: finding.id, status, comment: comment.trim() });
    if (answer.ok) setComment("");
    else setRefusal(answer.message ?? "The finding could not be changed; please try again.");
  };
  return (
    <div role="group" aria-label="Change the finding's state" className="space-y-3 rounded-md border p-3">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-comment`}>{staff ? "Comment (the reason, to dismiss)" : "Comment"}</Label>
        <Textarea id={`${id}-comment`} rows={2} maxLength={2000} value={comment} onChange={(event) => setComment(event.target.value)} />
      </div>
      <FormRefusal>{refusal}</FormRefusal>
      <div className="flex flex-wrap gap-2">
        {moves.map((to) => (
          <Button
            key={to}
            type="button"
            size="sm"
            variant={to === "dismissed" || to === "open" ? "outline" : "default"}
            disabled={move.isPending}
            onClick={() => void submit(to)}
          >
            {MOVE_LABELS[to]}
          </Button>
        ))}
      </div>
    </div>
  );
}
