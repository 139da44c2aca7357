import { ArrowDown, ArrowUp, Eye, EyeOff, MessageSquareQuote, Trash2 } from "lucide-react";
import { useState } from "react";
import type { Testimonial } from "@common/contract/site-content";
import { Button } from "@/components/ui/button";
import { Badge, Card } from "@/components/ui/card";
import { CardList, ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import type { Answer } from "@/lib/api";
import { STATUS_TONES } from "@/lib/status-tones";
import { toast } from "@/lib/use-toast";
import { ConfirmDialog } from "../media/confirm-dialog";
import { DESTRUCTIVE_OUTLINE } from "../media/destructive-style";
import { useAdminTestimonials, useDeleteTestimonial, useMoveTestimonial, useUpdateTestimonial } from "./api/site-content";
import { TestimonialDialog } from "./testimonial-dialog";

/** A write's toast: its message, or the server's reason it was refused. */
function toastOf(answer: Answer<{ message: string }>, failed: string, description: string) {
  if (answer.ok) toast({ title: answer.data.message, description, variant: "success" });
  else toast({ title: failed, description: answer.message ?? answer.generic, variant: "destructive" });
}

/** One testimonial with its actions: move up or down, edit, publish or unpublish, delete (asked first). */
function TestimonialCard({ testimonial, first, last }: { testimonial: Testimonial; first: boolean; last: boolean }) {
  const update = useUpdateTestimonial();
  const move = useMoveTestimonial();
  const remove = useDeleteTestimonial();
  const [confirming, setConfirming] = useState(false);
  const { id, author, published } = testimonial;
  const busy = update.isPending || move.isPending || remove.isPending;

  const onMove = async (direction: "up" | "down") => toastOf(await move.mutateAsync({ id, direction }), "The order could not be saved", author);
  const onPublish = async () => toastOf(await update.mutateAsync({ id, published: !published }), "The testimonial could not be changed", author);
  const onDelete = async () => {
    const answer = await remove.mutateAsync(id);
    setConfirming(false);
    toastOf(answer, "The testimonial could not be deleted", author);
  };

  return (
    <Card className="space-y-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <blockquote className="max-w-3xl break-words">{testimonial.quote}</blockquote>
        <Badge className={STATUS_TONES[published ? "good" : "quiet"]}>{published ? "Published" : "Draft"}</Badge>
      </div>
      <p className="text-sm">
        <span className="font-semibold">{author}</span>
        {testimonial.role ? <span className="text-muted-foreground"> · {testimonial.role}</span> : null}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" disabled={first || busy} onClick={() => void onMove("up")} aria-label={`Move up: ${author}`}>
          <ArrowUp aria-hidden />
          Up
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={last || busy} onClick={() => void onMove("down")} aria-label={`Move down: ${author}`}>
          <ArrowDown aria-hidden />
          Down
        </Button>
        <TestimonialDialog testimonial={testimonial} />
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => void onPublish()}
          aria-label={`${published ? "Unpublish" : "Publish"}: ${author}`}
        >
          {published ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
          {published ? "Unpublish" : "Publish"}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          className={DESTRUCTIVE_OUTLINE}
          disabled={busy}
          onClick={() => setConfirming(true)}
          aria-label={`Delete: ${author}`}
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete testimonial"
        description={`The words of ${author} leave the site and the back office. This cannot be undone; Unpublish keeps them for later.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => void onDelete()}
      />
    </Card>
  );
}

/** The testimonials the home and service pages show, published ones only, in this order (docs/product.md §2). */
export function TestimonialsPanel() {
  const testimonials = useAdminTestimonials();
  return (
    <ListPanel
      id="testimonials-heading"
      title="Testimonials"
      actions={<TestimonialDialog />}
      query={testimonials}
      loadingLabel="Loading the testimonials…"
      loadError="The testimonials could not be loaded."
      empty={<EmptyState icon={<MessageSquareQuote />}>No testimonials yet. Those you add and publish show on the home and service pages.</EmptyState>}
    >
      {(items) => (
        <CardList items={items}>
          {(testimonial) => <TestimonialCard testimonial={testimonial} first={testimonial.id === items[0]?.id} last={testimonial.id === items.at(-1)?.id} />}
        </CardList>
      )}
    </ListPanel>
  );
}
