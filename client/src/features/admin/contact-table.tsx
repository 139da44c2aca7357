import { parseQuoteMessage } from "@common/quotes";
import { serviceLabel } from "@common/services-offered";
import { formatDateTime } from "@/lib/format";
import type { ContactSubmission } from "@common/contract/contact";
import { MessagePreview } from "./message-preview";
import { QuoteRequestFields } from "./quote-request-fields";

/** The Message cell: a quote request as its fields, the customer being the row's Name and Email; an inquiry as its text. */
function MessageCell({ submission }: { submission: ContactSubmission }) {
  const quote = parseQuoteMessage(submission.message);
  if (quote) return <QuoteRequestFields quote={quote} from={submission.name} />;
  return <MessagePreview message={submission.message} from={submission.name} />;
}

const head = "hud-label px-4 py-3 text-left font-semibold text-muted-foreground";
const cell = "px-4 py-3 align-top";

/** The /admin table of contact submissions (docs/product.md §2): Name, Email, Service, Message, Date. */
export function ContactTable({ submissions }: { submissions: readonly ContactSubmission[] }) {
  return (
    // Focusable so keyboard users can scroll the table sideways on a narrow screen; relative, so the
    // visually hidden texts in it (absolutely placed) scroll with it rather than widen the page.
    <div
      role="region"
      aria-labelledby="submissions-caption"
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border bg-card/80 focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className="w-full min-w-[48rem] border-collapse text-sm">
        <caption id="submissions-caption" className="sr-only">
          Contact submissions, newest first
        </caption>
        <thead className="border-b bg-muted/40">
          <tr>
            <th scope="col" className={head}>
              Name
            </th>
            <th scope="col" className={head}>
              Email
            </th>
            <th scope="col" className={head}>
              Service
            </th>
            <th scope="col" className={head}>
              Message
            </th>
            <th scope="col" className={head}>
              Date
            </th>
          </tr>
        </thead>
        <tbody>
          {submissions.map((submission) => (
            <tr key={submission.id} className="border-b last:border-b-0">
              <th scope="row" className={`${cell} text-left font-semibold break-words`}>
                {submission.name}
              </th>
              <td className={cell}>
                <a href={`mailto:${submission.email}`} className="break-all text-primary underline-offset-4 hover:underline">
                  {submission.email}
                </a>
              </td>
              <td className={`${cell} whitespace-nowrap`}>{serviceLabel(submission.service)}</td>
              <td className={`${cell} max-w-md`}>
                <MessageCell submission={submission} />
              </td>
              <td className={`${cell} whitespace-nowrap text-muted-foreground`}>
                <time dateTime={submission.createdAt}>{formatDateTime(submission.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
