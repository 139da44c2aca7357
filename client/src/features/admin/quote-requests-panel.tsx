import type { ReactNode } from "react";
import { CardList, ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import type { AdminQuote } from "@common/contract/quotes";
import type { QuoteStatus } from "@common/quote-statuses";
import { useAdminQuotePage } from "./api/get-admin-quotes";
import { useQuotesBeingUpdated } from "./api/update-quote-status";
import { ListPager, ListSearch, usePagedSearch, useStayWithinPages } from "./paged-list";
import { QuoteCard } from "./quote-card";

/** Quote cards are tall: a page holds ten. */
const PAGE_SIZE = 10;

interface QuoteActions {
  /** An update of this quote is on its way: its buttons wait. */
  busy: boolean;
}

interface QuoteRequestsPanelProps {
  id: string;
  title: string;
  /** Which quote requests the panel lists, by status. */
  statuses: readonly QuoteStatus[];
  /** What the list says with no request at all (a search that finds none says so itself). */
  empty: string;
  emptyIcon: ReactNode;
  actions: (quote: AdminQuote, act: QuoteActions) => ReactNode;
}

/** The quote requests of one stage, searched and paged on the server, each with the actions its status allows (the Quotes and Processed tabs). */
export function QuoteRequestsPanel({ id, title, statuses, empty, emptyIcon, actions }: QuoteRequestsPanelProps) {
  const { search, setSearch, q, page, setPage } = usePagedSearch();
  const quotes = useAdminQuotePage({ statuses, q, page, pageSize: PAGE_SIZE });
  useStayWithinPages(page, PAGE_SIZE, quotes.data?.total, setPage);
  const updating = useQuotesBeingUpdated();

  return (
    <ListPanel
      id={id}
      title={title}
      actions={
        <ListSearch id={`${id}-search`} label={`Search ${title.toLowerCase()}`} placeholder="Customer, service or words" value={search} onChange={setSearch} />
      }
      query={{ isPending: quotes.isPending, isError: quotes.isError }}
      items={quotes.data?.data}
      loadingLabel="Loading quote requests…"
      loadError="Failed to load quote requests"
      empty={<EmptyState icon={emptyIcon}>{q ? `No quote requests match "${q}".` : empty}</EmptyState>}
    >
      {(items) => (
        <div aria-busy={quotes.isPlaceholderData}>
          <CardList items={items}>{(quote) => <QuoteCard quote={quote} actions={actions(quote, { busy: updating.has(quote.id) })} />}</CardList>
          <ListPager
            label={`${title} pages`}
            page={page}
            pageSize={PAGE_SIZE}
            total={quotes.data?.total ?? 0}
            noun={["request", "requests"]}
            onPage={setPage}
          />
        </div>
      )}
    </ListPanel>
  );
}
