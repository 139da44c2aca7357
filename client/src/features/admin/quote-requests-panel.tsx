import type { ReactNode } from "react";
import { CardList, ListPanel } from "@/components/ui/list-panel";
import type { AdminQuote } from "@common/contract/quotes";
import { useAdminQuotes } from "./api/get-admin-quotes";
import { type QuoteDecision, useUpdateQuoteStatus } from "./api/update-quote-status";
import { QuoteCard } from "./quote-card";

interface QuoteActions {
  /** An update of this quote is on its way: its buttons wait. */
  busy: boolean;
  decide: (status: QuoteDecision) => void;
}

interface QuoteRequestsPanelProps {
  id: string;
  title: string;
  /** Which quote requests the panel lists. */
  shows: (quote: AdminQuote) => boolean;
  empty: ReactNode;
  actions: (quote: AdminQuote, act: QuoteActions) => ReactNode;
}

/** The quote requests of one stage, each with the actions its status allows (the Quotes and Processed tabs). */
export function QuoteRequestsPanel({ id, title, shows, empty, actions }: QuoteRequestsPanelProps) {
  const quotes = useAdminQuotes();
  const update = useUpdateQuoteStatus();
  const busyId = update.isPending ? update.variables.id : null;

  return (
    <ListPanel
      id={id}
      title={title}
      query={quotes}
      items={(quotes.data ?? []).filter(shows)}
      loadingLabel="Loading quote requests…"
      loadError="Failed to load quote requests"
      empty={empty}
    >
      {(items) => (
        <CardList items={items}>
          {(quote) => (
            <QuoteCard
              quote={quote}
              actions={actions(quote, { busy: busyId === quote.id, decide: (status) => update.mutate({ id: quote.id, status }) })}
            />
          )}
        </CardList>
      )}
    </ListPanel>
  );
}
