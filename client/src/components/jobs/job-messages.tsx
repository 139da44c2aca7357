import { MessageSquare, Send } from "lucide-react";
import { getSiteConfig } from "@/lib/site-config";
import { type FormEvent, useState } from "react";
import type { JobMessage } from "@common/contract/jobs";
import { jobMessageProblem } from "@common/job-status";
import { formatDateTime } from "@/lib/format";
import { useJobMessages, useSendJobMessage } from "@/api/job-messages";
import { Button } from "@/components/ui/button";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { LoadingState } from "@/components/ui/panel-states";

const FIELD_ID = "job-message";

function MessageForm({ jobId }: { jobId: number }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const sending = useSendJobMessage(jobId);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The rule without zod (common/job-status.ts), so a job's page does not carry the validation library.
    const invalid = jobMessageProblem(text);
    if (invalid) {
      setError(invalid);
      document.getElementById(FIELD_ID)?.focus();
      return;
    }
    setError(undefined);
    const answer = await sending.mutateAsync(text);
    // On failure the typed text stays, so nothing is lost; the server's reason shows under the field.
    if (answer.ok) setText("");
    else setError(answer.message ?? `Your message could not be sent (${answer.generic}). Please try again.`);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      <FormField id={FIELD_ID} label="Your message" error={error}>
        <Textarea id={FIELD_ID} value={text} onChange={(event) => setText(event.target.value)} {...fieldAria(FIELD_ID, error)} />
      </FormField>
      <Button type="submit" disabled={sending.isPending}>
        <Send aria-hidden />
        {sending.isPending ? "Sending…" : "Send message"}
      </Button>
    </form>
  );
}

/** Who wrote a message, as the reader sees it: themselves, the customer by name, or someone of the business. */
function authorOf(message: JobMessage, userId: number): string {
  if (message.authorId === userId) return "You";
  return message.authorRole === "customer" ? message.authorName : `${message.authorName} (${getSiteConfig().businessName})`;
}

/**
 * A job's thread between its customer and the business, oldest first, and a form to add to it (each
 * message is mailed to the other side): on the customer's job page and in the back office's job panel.
 */
export function JobMessages({ jobId, userId }: { jobId: number; userId: number }) {
  const messages = useJobMessages(jobId);

  let thread;
  if (messages.isPending) thread = <LoadingState label="Loading messages…" />;
  else if (messages.isError) thread = <p className="text-destructive">The messages could not be loaded. Please try again later.</p>;
  else if (!messages.data.length) thread = <p className="text-muted-foreground">No messages yet.</p>;
  else
    thread = (
      <ol className="space-y-3" aria-label="Messages, oldest first">
        {messages.data.map((message) => (
          <li key={message.id} className="rounded-md border bg-card/80 px-4 py-3">
            <p className="hud-label flex flex-wrap gap-x-4 text-muted-foreground">
              <span>{authorOf(message, userId)}</span>
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
            </p>
            <p className="mt-1 break-words whitespace-pre-line">{message.body}</p>
          </li>
        ))}
      </ol>
    );

  return (
    <section aria-labelledby="messages-heading" className="space-y-4">
      <h2 id="messages-heading" className="flex items-center gap-2 text-2xl font-bold tracking-tight">
        <MessageSquare aria-hidden className="size-6 text-primary" />
        Messages
      </h2>
      {thread}
      <MessageForm jobId={jobId} />
    </section>
  );
}
