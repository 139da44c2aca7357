import { Mail, Phone } from "lucide-react";
import { Badge, Card } from "@/components/ui/card";
import { useContactPage } from "./api/get-contact-submissions";
import { formatDateTime } from "@/lib/format";
import { serviceLabel } from "@common/services-offered";
import type { ContactSubmission } from "@common/contract/contact";
import { CardList, ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import { ListPager, ListSearch, usePagedSearch, useStayWithinPages } from "./paged-list";

const PAGE_SIZE = 10;

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

/**
 * Messages tab: contact inquiries that are not quote requests (docs/product.md §2), which travel
 * as contact messages too (§3): the server leaves them out, searches and pages.
 */
export function MessagesTab() {
  const { search, setSearch, q, page, setPage } = usePagedSearch();
  const messages = useContactPage({ kind: "message", q, page, pageSize: PAGE_SIZE });
  useStayWithinPages(page, PAGE_SIZE, messages.data?.total, setPage);

  return (
    <ListPanel
      id="messages-heading"
      title="Contact messages"
      actions={<ListSearch id="messages-search" label="Search contact messages" placeholder="Name, e-mail or words" value={search} onChange={setSearch} />}
      query={{ isPending: messages.isPending, isError: messages.isError }}
      items={messages.data?.data}
      loadingLabel="Loading contact messages…"
      loadError="Failed to load contact submissions"
      empty={<EmptyState icon={<Mail />}>{q ? `No messages match "${q}".` : "No messages yet. Inquiries from the contact form appear here."}</EmptyState>}
    >
      {(items) => (
        <div aria-busy={messages.isPlaceholderData}>
          <CardList items={items}>{(message) => <MessageCard message={message} />}</CardList>
          <ListPager
            label="Contact messages pages"
            page={page}
            pageSize={PAGE_SIZE}
            total={messages.data?.total ?? 0}
            noun={["message", "messages"]}
            onPage={setPage}
          />
        </div>
      )}
    </ListPanel>
  );
}
