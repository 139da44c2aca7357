import { MessageSquareQuote } from "lucide-react";
import type { Testimonial } from "@common/contract/site-content";
import { Badge, Card } from "@/components/ui/card";
import { CardList, ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import { STATUS_TONES } from "@/lib/status-tones";
import { DeleteButton, MoveButtons, toastOf, VisibilityButton } from "../row-actions";
import { useAdminTestimonials, useDeleteTestimonial, useMoveTestimonial, useUpdateTestimonial } from "./api/site-content";
import { TestimonialDialog } from "./testimonial-dialog";

/** One testimonial with its actions: move up or down, edit, publish or unpublish, delete (asked first). */
function TestimonialCard({ testimonial, first, last }: { testimonial: Testimonial; first: boolean; last: boolean }) {
  const update = useUpdateTestimonial();
  const move = useMoveTestimonial();
  const remove = useDeleteTestimonial();
  const { id, author, published } = testimonial;
  const busy = update.isPending || move.isPending || remove.isPending;

  const onMove = async (direction: "up" | "down") => toastOf(await move.mutateAsync({ id, direction }), "The order could not be saved", author);
  const onPublish = async () => toastOf(await update.mutateAsync({ id, published: !published }), "The testimonial could not be changed", author);
  const onDelete = async () => toastOf(await remove.mutateAsync(id), "The testimonial could not be deleted", author);

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
        <MoveButtons name={author} first={first} last={last} busy={busy} onMove={(direction) => void onMove(direction)} />
        <TestimonialDialog testimonial={testimonial} />
        <VisibilityButton name={author} shown={published} words={{ show: "Publish", hide: "Unpublish" }} disabled={busy} onToggle={() => void onPublish()} />
        <DeleteButton
          name={author}
          busy={busy}
          deleting={remove.isPending}
          confirm={{
            title: "Delete testimonial",
            description: `The words of ${author} leave the site and the back office. This cannot be undone; Unpublish keeps them for later.`,
          }}
          onDelete={onDelete}
        />
      </div>
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
