import { Mail, Phone } from "lucide-react";
import { isQuoteMessage } from "@common/quotes";
import { Badge, Card } from "@/components/ui/card";
import { useContactSubmissions } from "./api/get-contact-submissions";
import { formatDateTime } from "@/lib/format";
import { serviceLabel } from "@common/quotes";
import type { ContactSubmission } from "@common/contract/contact";
import { CardList, ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";

/** Contact inquiries only: quote requests travel as contact messages too (docs/product.md §3). */
export function selectMessages(submissions: ContactSubmission[] | undefined): ContactSubmission[] {
  return (submissions ?? []).filter((submission) => !isQuoteMessage(submission.message));
}

function MessageCard({ message }: { message: ContactSubmission }) {
  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 className="text-lg font-semibold break-words">{message.name}</h3>
          <p className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
            <a href={`mailto:${message.email}`} className="inline-flex items-center gap-1.5 break-all text-primary underline-offset-4 hover:underline">
              <Mail aria-hidden className="size-4 shrink-0" />
              {message.email}
            </a>
            {message.phone ? (
              <a href={`tel:${message.phone}`} className="inline-flex items-center gap-1.5 text-primary underline-offset-4 hover:underline">
                <Phone aria-hidden className="size-4 shrink-0" />
                {message.phone}
              </a>
            ) : null}
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <Badge>{serviceLabel(message.service)}</Badge>
          <time dateTime={message.createdAt} className="hud-label text-muted-foreground">
            {formatDateTime(message.createdAt)}
          </time>
        </div>
      </div>
      <p className="break-words whitespace-pre-line text-muted-foreground">{message.message}</p>
    </Card>
  );
}

/** Messages tab: contact inquiries that are not quote requests (docs/product.md §2). */
export function MessagesTab() {
  const submissions = useContactSubmissions();
  const messages = selectMessages(submissions.data);

  return (
    <ListPanel
      id="messages-heading"
      title="Contact messages"
      query={submissions}
      items={messages}
      loadingLabel="Loading contact messages…"
      loadError="Failed to load contact submissions"
      empty={<EmptyState icon={<Mail />}>No messages yet. Inquiries from the contact form appear here.</EmptyState>}
    >
      {(items) => <CardList items={items}>{(message) => <MessageCard message={message} />}</CardList>}
    </ListPanel>
  );
}
