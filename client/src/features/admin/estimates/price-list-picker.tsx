import { ListPlus, X } from "lucide-react";
import { useId, useState } from "react";
import type { PriceListItem } from "@common/contract/price-list";
import { usePriceList } from "@/api/price-list";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { formatBusinessMoney } from "@/lib/format";
import { useDebounced } from "@/lib/use-debounced";

/** Typing pauses this long before the price list is searched again. */
const SEARCH_PAUSE_MS = 250;

interface PriceListPickerProps {
  /** Adds the item as a line; the builder decides where it goes. */
  onPick: (item: PriceListItem) => void;
  /** No room for another line. */
  disabled?: boolean;
}

/** "$450.00 / MWp", or the price alone for an item with no unit. */
const priceOf = (item: PriceListItem) => (item.unit ? `${formatBusinessMoney(item.unitPrice)} / ${item.unit}` : formatBusinessMoney(item.unitPrice));

/**
 * The estimate builder's search of the business's price list (docs/decisions/0056-price-list.md):
 * closed until asked for, so a builder that never uses it never loads it. Each item found is one
 * press from being a line, with its description, unit and price filled in for the admin to change.
 * Archived items are not offered.
 */
export function PriceListPicker({ onPick, disabled }: PriceListPickerProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const [added, setAdded] = useState<string>();
  const q = useDebounced(search.trim(), SEARCH_PAUSE_MS);
  const items = usePriceList({ archived: false, q }, { enabled: open });
  const panelId = useId();
  const searchId = useId();

  if (!open) {
    return (
      <Button type="button" size="sm" variant="outline" disabled={disabled} aria-expanded={false} aria-controls={panelId} onClick={() => setOpen(true)}>
        <ListPlus aria-hidden />
        Add from price list
      </Button>
    );
  }

  return (
    <section id={panelId} aria-label="Price list" className="w-full space-y-3 rounded-md border p-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full sm:w-72">
          <FormField id={searchId} label="Search the price list">
            <Input
              id={searchId}
              type="search"
              autoComplete="off"
              placeholder="Description or unit"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </FormField>
        </div>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => {
            setOpen(false);
            setAdded(undefined);
          }}
        >
          <X aria-hidden />
          Close price list
        </Button>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {added ? `Added "${added}" as a line.` : null}
      </p>
      {items.isPending ? (
        <p className="text-sm text-muted-foreground">Loading the price list…</p>
      ) : items.isError ? (
        <p className="text-sm text-destructive">{items.error.message}</p>
      ) : items.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {q ? `No price list item matches "${q}".` : "The price list is empty: add items in the Price list tab."}
        </p>
      ) : (
        <ul aria-label="Price list items" aria-busy={items.isPlaceholderData} className="max-h-64 divide-y overflow-y-auto rounded-md border">
          {items.data.map((item) => (
            <li key={item.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium break-words">{item.description}</span>
                <span className="ml-2 text-muted-foreground tabular-nums">{priceOf(item)}</span>
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={disabled}
                aria-label={`Add ${item.description}`}
                onClick={() => {
                  onPick(item);
                  setAdded(item.description);
                }}
              >
                Add
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
