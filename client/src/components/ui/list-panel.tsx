import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { ErrorState, LoadingState, PanelHeader } from "./panel-states";

interface ListPanelProps<T> {
  /** The heading's id: the section is labelled by it. */
  id: string;
  title: string;
  /** Buttons beside the title. */
  actions?: ReactNode;
  /** The load behind the list. */
  query: { isPending: boolean; isError: boolean; data?: readonly T[] };
  /** What it lists, when not all the load returned. */
  items?: readonly T[];
  loadingLabel: string;
  /** Shown in place of the list when the load failed; without it a failed load reads as an empty list. */
  loadError?: string;
  /** What an empty list says. */
  empty: ReactNode;
  /** The list itself, once it has items. */
  children: (items: readonly T[]) => ReactNode;
}

/** A tab panel that lists what one load returned: its heading, then loading, failure, the list or its empty state. */
export function ListPanel<T>({ id, title, actions, query, items = query.data, loadingLabel, loadError, empty, children }: ListPanelProps<T>) {
  let body: ReactNode;
  if (query.isPending) body = <LoadingState label={loadingLabel} />;
  else if (query.isError && loadError) body = <ErrorState>{loadError}</ErrorState>;
  else if (items?.length) body = children(items);
  else body = empty;
  return (
    <section aria-labelledby={id}>
      <PanelHeader id={id} title={title}>
        {actions}
      </PanelHeader>
      {body}
    </section>
  );
}

interface CardListProps<T> {
  items: readonly T[];
  /** The grid's classes: one column unless given. */
  className?: string;
  children: (item: T) => ReactNode;
}

/** A list of cards, one item each. */
export function CardList<T extends { id: number | string }>({ items, className = "grid gap-4", children }: CardListProps<T>) {
  return (
    // One column no wider than the list on a phone (a grid's own track grows to fit a long word or
    // link, widening the page); the caller's columns take over from wider screens.
    <ul className={cn("low:grid-cols-1", className)}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}
