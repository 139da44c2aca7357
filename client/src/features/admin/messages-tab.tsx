import { Mail, Phone } from "lucide-react";
import { isQuoteMessage } from "@common/quotes";
import { Badge, Card } from "@/components/ui/card";
import { type ContactSubmissionRow, useContactSubmissions } from "./api/get-contact-submissions";
import { formatDateTime } from "@/lib/format";
import { serviceLabel } from "@common/quotes";
import { EmptyState, ErrorState, LoadingState, PanelHeader } from "@/components/ui/panel-states";

/** Contact inquiries only: quote requests travel as contact messages too (SPEC §3). */
export function selectMessages(submissions: ContactSubmissionRow[] | undefined): ContactSubmissionRow[] {
  return (submissions ?? []).filter((submission) => !isQuoteMessage(submission.message));
}

function MessageCard({ message }: { message: ContactSubmissionRow }) {
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

/** Messages tab: contact inquiries that are not quote requests (SPEC §2). */
export function MessagesTab() {
  const submissions = useContactSubmissions();
  const messages = selectMessages(submissions.data);

  return (
    <section aria-labelledby="messages-heading">
      <PanelHeader id="messages-heading" title="Contact messages" />
      {submissions.isPending ? (
        <LoadingState label="Loading contact messages…" />
      ) : submissions.isError ? (
        <ErrorState>Failed to load contact submissions</ErrorState>
      ) : messages.length ? (
        <ul className="grid gap-4">
          {messages.map((message) => (
            <li key={message.id}>
              <MessageCard message={message} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={<Mail />}>No messages yet. Inquiries from the contact form appear here.</EmptyState>
      )}
    </section>
  );
}
