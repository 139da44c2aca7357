import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useState } from "react";
import type { PageResponse } from "@common/contract/pagination";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useDebounced } from "@/lib/use-debounced";

/** Typing pauses this long before the list asks the server again. */
const SEARCH_PAUSE_MS = 300;

/** One page of a list the server pages: its rows and how many match in all. */
export interface ListPage<Item> {
  items: Item[];
  total: number;
}

export function pageOfList<Item>(answer: PageResponse<Item>): ListPage<Item> {
  return { items: answer.data, total: answer.total };
}

/**
 * A list searched and paged on the server: what is typed in its box, the words sent once typing
 * pauses, and the page (from 1). A new search starts on its first page.
 */
export function usePagedSearch() {
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), SEARCH_PAUSE_MS);
  // The page belongs to the search it was chosen in.
  const [at, setAt] = useState({ q, page: 1 });
  const page = at.q === q ? at.page : 1;
  return { search, setSearch, q, page, setPage: (next: number) => setAt({ q, page: next }) };
}

/** A page past the end (its last row was just decided, say) gives way to the last page there is, once the total is known. */
export function useStayWithinPages(page: number, pageSize: number, total: number | undefined, setPage: (page: number) => void): void {
  const lastPage = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) setPage(lastPage);
  }, [lastPage, page, setPage]);
}

interface ListSearchProps {
  /** The input's id. */
  id: string;
  /** The search's accessible name ("Search messages"). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** A list's search box: the list follows what is typed, asking the server once typing pauses. */
export function ListSearch({ id, label, placeholder, value, onChange }: ListSearchProps) {
  return (
    // Enter has nothing to send: the list already follows what is typed.
    <form role="search" aria-label={label} onSubmit={(event) => event.preventDefault()} className="w-full sm:w-72">
      <FormField id={id} label="Search">
        <Input id={id} type="search" placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} />
      </FormField>
    </form>
  );
}

interface ListPagerProps {
  /** What the pages are of, for the navigation's name ("Messages pages"). */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  /** What is counted, singular and plural ("message", "messages"). */
  noun: readonly [string, string];
  onPage: (page: number) => void;
}

/** Where a long list stands (page 2 of 3, 23 messages) and Previous and Next; nothing when it fits one page. */
export function ListPager({ label, page, pageSize, total, noun, onPage }: ListPagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p aria-live="polite" className="hud-label text-muted-foreground">
        Page {page} of {pages} · {total} {total === 1 ? noun[0] : noun[1]}
      </p>
      <div className="flex gap-2">
        <Button type="button" size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden />
          Previous page
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next page
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
