import { Mail, Paperclip, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import type { OUTBOX_STATES, OutboxMail } from "@common/contract/customers";
import type { IconTab } from "@/components/dashboard/dashboard-layout";
import { Button } from "@/components/ui/button";
import { Badge, Card } from "@/components/ui/card";
import { CardList } from "@/components/ui/list-panel";
import { EmptyState, ErrorState, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { ApiError } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { STATUS_TONES } from "@/lib/status-tones";
import { useOutbox } from "./api/get-outbox";

type OutboxState = (typeof OUTBOX_STATES)[number];

const STATE_TONES: Record<OutboxState, keyof typeof STATUS_TONES> = {
  queued: "waiting",
  sending: "info",
  sent: "good",
  unsent: "bad",
  retrying: "waiting",
  failed: "bad",
  cancelled: "quiet",
};

const STATE_LABELS: Record<OutboxState, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  unsent: "Not sent: no mail server",
  retrying: "Retrying",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** What to do about a mail no server took: docs/operations.md lists SMTP_URL with the other settings. */
export const NO_MAIL_SERVER_HINT =
  "No mail server is configured, so this mail was only written to the log. Set SMTP_URL (smtp://user:password@host:587) and restart the server to send mail; docs/operations.md describes it.";

/** One mail: who it is for, its subject and state, when it was queued, how it went; its text on demand. */
function MailCard({ mail }: { mail: OutboxMail }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <Card className="space-y-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 className="font-semibold break-words">{mail.subject || "(no subject)"}</h3>
          <p className="text-sm break-all text-muted-foreground">To {mail.to}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <Badge className={STATUS_TONES[STATE_TONES[mail.state]]}>{STATE_LABELS[mail.state]}</Badge>
          <time dateTime={mail.createdAt} className="hud-label text-muted-foreground">
            {formatDateTime(mail.createdAt)}
          </time>
        </div>
      </div>
      {mail.state === "unsent" ? <p className="text-sm text-destructive">{NO_MAIL_SERVER_HINT}</p> : null}
      {mail.attempts > 0 || mail.lastError ? (
        <p className="text-sm text-muted-foreground">
          {mail.attempts} {mail.attempts === 1 ? "attempt" : "attempts"}
          {mail.lastError ? <span className="text-destructive"> · Last error: {mail.lastError}</span> : null}
        </p>
      ) : null}
      {mail.attachments.length ? (
        <ul aria-label={`Attachments of ${mail.subject}`} className="flex flex-wrap gap-2 text-sm">
          {mail.attachments.map((attachment, index) => (
            <li key={`${attachment.filename}-${index}`} className="inline-flex items-center gap-1 rounded-sm border px-2 py-0.5">
              <Paperclip aria-hidden className="size-3.5" />
              {attachment.filename || attachment.contentType}
            </li>
          ))}
        </ul>
      ) : null}
      <Button type="button" variant="link" size="sm" className="h-auto px-0 py-0.5" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        {open ? "Hide the text" : "Show the text"}
        <span className="sr-only"> of {mail.subject}</span>
      </Button>
      <pre
        id={bodyId}
        hidden={!open}
        className="max-h-96 overflow-auto rounded-md border bg-background/60 p-3 font-mono text-xs break-words whitespace-pre-wrap"
      >
        {mail.text}
      </pre>
    </Card>
  );
}

function OutboxPanel() {
  const outbox = useOutbox(true);
  let body;
  if (outbox.isPending) body = <LoadingState label="Loading the outbox…" />;
  else if (outbox.isError) body = <ErrorState>{outbox.error.message || "Failed to load the outbox"}</ErrorState>;
  else if (!outbox.data.length) body = <EmptyState icon={<Mail />}>No mail yet. Quote requests, job changes and messages queue mail here.</EmptyState>;
  else body = <CardList items={outbox.data}>{(mail) => <MailCard mail={mail} />}</CardList>;

  return (
    <section aria-labelledby="outbox-heading">
      <PanelHeader id="outbox-heading" title="Outbox">
        <Button type="button" variant="outline" size="sm" disabled={outbox.isFetching} onClick={() => void outbox.refetch()}>
          <RefreshCw aria-hidden />
          Refresh
        </Button>
      </PanelHeader>
      <p className="mb-5 text-muted-foreground">
        The development outbox: every mail the queue holds, newest first. In production mail goes to the SMTP server and this tab is absent.
      </p>
      {body}
    </section>
  );
}

/**
 * The development Outbox tab (docs/product.md §2), or null where the server keeps none (it answers
 * 404 in production) or for a pilot (`enabled` false). The tab appears once the server has said it
 * keeps an outbox, so production never shows it even for a moment.
 */
export function useOutboxTab(enabled: boolean): IconTab | null {
  const outbox = useOutbox(enabled);
  if (!enabled || outbox.isPending) return null;
  if (outbox.isError && outbox.error instanceof ApiError && outbox.error.status === 404) return null;
  return { value: "outbox", label: "Outbox", icon: Mail, panel: <OutboxPanel /> };
}
