import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link } from "wouter";
import type { SearchHit, SearchResults } from "@common/contract/search";
import { Input } from "@/components/ui/input";
import { apiRequest } from "@/lib/api";
import { useDebounced } from "@/lib/use-debounced";

/** What the search asks for once typing pauses: at least 2 characters, as the server requires. */
const MIN_LENGTH = 2;

/** GET /api/admin/search?q=: a few jobs, customers and invoices holding the words; the last answer stays while the next loads. */
function useBackOfficeSearch(q: string) {
  return useQuery({
    queryKey: ["/api/admin/search", q] as const,
    queryFn: ({ signal }) =>
      apiRequest<{ success: true; data: SearchResults }>("GET", `/api/admin/search?q=${encodeURIComponent(q)}`, undefined, {
        signal,
        fallback: "Search failed",
      }),
    select: (answer) => answer.data,
    enabled: q.length >= MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}

const GROUPS: { key: keyof SearchResults; heading: string }[] = [
  { key: "jobs", heading: "Jobs" },
  { key: "customers", heading: "Customers" },
  { key: "invoices", heading: "Invoices" },
];

function HitLink({ hit, onOpen }: { hit: SearchHit; onOpen: () => void }) {
  return (
    <Link href={hit.href} onClick={onOpen} className="block rounded-sm px-3 py-2 hover:bg-accent focus-visible:bg-accent">
      <span className="block truncate text-sm font-medium">{hit.title}</span>
      <span className="block truncate text-xs text-muted-foreground">{hit.detail}</span>
    </Link>
  );
}

/**
 * The back office's search box in its title bar: jobs, customers and invoices as one types, grouped,
 * each a link to its page. Results open under the box; Escape or a click elsewhere closes them.
 */
export function BackOfficeSearch() {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const q = useDebounced(text.trim(), 250);
  const search = useBackOfficeSearch(q);
  const resultsId = useId();
  const root = useRef<HTMLDivElement>(null);

  const results = search.data;
  const count = results ? results.jobs.length + results.customers.length + results.invoices.length : 0;
  const showing = open && q.length >= MIN_LENGTH;
  const close = () => {
    setOpen(false);
    setText("");
  };

  return (
    <div
      ref={root}
      className="relative w-full sm:w-80"
      role="search"
      // Focus leaving the box and its results closes them; moving to a result keeps them open.
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={`${resultsId}-input`} className="sr-only">
        Search jobs, customers and invoices
      </label>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        id={`${resultsId}-input`}
        type="search"
        placeholder="Search jobs, customers, invoices"
        autoComplete="off"
        className="pl-9"
        value={text}
        aria-controls={resultsId}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === "Escape") setOpen(false);
        }}
      />
      <div
        id={resultsId}
        hidden={!showing}
        className="absolute right-0 z-50 mt-1 max-h-[70vh] w-full overflow-y-auto rounded-md border bg-popover p-1 shadow-lg sm:w-96"
      >
        <p aria-live="polite" className="px-3 py-1.5 text-xs text-muted-foreground">
          {search.isFetching && !results ? "Searching…" : search.isError ? search.error.message : `${count} found for “${q}”`}
        </p>
        {results
          ? GROUPS.filter(({ key }) => results[key].length > 0).map(({ key, heading }) => (
              <section key={key} aria-label={heading}>
                <h2 className="hud-label px-3 pt-2 pb-1 text-[0.65rem] text-primary">{heading}</h2>
                <ul>
                  {results[key].map((hit) => (
                    <li key={`${key}-${hit.id}`}>
                      <HitLink hit={hit} onOpen={close} />
                    </li>
                  ))}
                </ul>
              </section>
            ))
          : null}
      </div>
    </div>
  );
}
