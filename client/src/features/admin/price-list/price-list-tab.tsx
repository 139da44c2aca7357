import { Archive, ArchiveRestore, Tags } from "lucide-react";
import { useId, useState } from "react";
import type { PriceListItem } from "@common/contract/price-list";
import { usePriceList } from "@/api/price-list";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { DataTable, type TableColumn } from "@/components/ui/data-table";
import { Label } from "@/components/ui/label";
import { EmptyState, ErrorState, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { formatBusinessMoney } from "@/lib/format";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { toast } from "@/lib/use-toast";
import { useDebounced } from "@/lib/use-debounced";
import { ListSearch } from "../paged-list";
import { useChangePriceListItem } from "./api";
import { PriceListItemDialog } from "./price-list-item-dialog";
import { RemoveItemDialog } from "./remove-item-dialog";

const LOAD_FAILED = "Failed to load the price list";

/** Typing pauses this long before the list asks the server again. */
const SEARCH_PAUSE_MS = 300;

/** Archive or Restore: whether the estimate builder offers the item. Lines already made from it are untouched. */
function ArchiveButton({ item }: { item: PriceListItem }) {
  const change = useChangePriceListItem();
  const archived = item.archivedAt !== null;
  const toggle = async () => {
    const answer = await change.mutateAsync({ id: item.id, change: { archived: !archived } });
    if (!answer.ok) toast({ title: "Error", description: answer.message ?? answer.generic, variant: "destructive" });
    else toast({ title: archived ? "Item restored" : "Item archived", description: item.description, variant: "success" });
  };
  return (
    <Button type="button" size="sm" variant="ghost" disabled={change.isPending} onClick={() => void toggle()}>
      {archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
      {archived ? "Restore" : "Archive"}
      <span className="sr-only"> {item.description}</span>
    </Button>
  );
}

const columns: readonly TableColumn<PriceListItem>[] = [
  {
    header: "Description",
    rowHeader: true,
    cell: (item) => (
      <>
        {item.description}
        {item.archivedAt ? <Badge className="ml-2">Archived</Badge> : null}
      </>
    ),
  },
  { header: "Unit", cellClassName: "whitespace-nowrap", cell: (item) => item.unit || "—" },
  {
    header: "Unit price",
    className: "text-right",
    cellClassName: "whitespace-nowrap font-mono tabular-nums",
    cell: (item) => formatBusinessMoney(item.unitPrice),
  },
  { header: "Tax", cellClassName: "whitespace-nowrap text-muted-foreground", cell: (item) => (item.taxExempt ? "Exempt" : "Taxable") },
  {
    header: "Actions",
    className: "text-right",
    cell: (item) => (
      <div className="flex flex-wrap justify-end gap-1">
        <PriceListItemDialog item={item} />
        <ArchiveButton item={item} />
        <RemoveItemDialog item={item} />
      </div>
    ),
  },
];

/**
 * The back office's Price list tab (docs/decisions/0056-price-list.md): the items the estimate
 * builder offers, in a dense table by description, to add, edit, archive, restore and delete.
 */
export function PriceListTab() {
  const [search, setSearch] = useState("");
  const [archived, setArchived] = useState(false);
  const q = useDebounced(search.trim(), SEARCH_PAUSE_MS);
  const items = usePriceList({ archived, q });
  useLoadErrorToast(items, LOAD_FAILED);
  const archivedId = useId();

  let body;
  if (items.isPending) body = <LoadingState label="Loading the price list…" />;
  else if (items.isError) body = <ErrorState>{LOAD_FAILED}</ErrorState>;
  else if (items.data.length === 0)
    body = (
      <EmptyState icon={<Tags />}>
        {q ? `No price list item matches "${q}".` : "No items yet. Add the services you price, such as a thermal survey by the MWp."}
      </EmptyState>
    );
  else
    body = (
      // Focusable so keyboard users can scroll the table sideways on a narrow screen.
      <div
        role="region"
        aria-labelledby="price-list-caption"
        aria-busy={items.isPlaceholderData}
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg border bg-card/80 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <DataTable
          rows={items.data}
          columns={columns}
          caption={`Price list${archived ? ", archived items included" : ""}${q ? `, matching "${q}"` : ""}, by description`}
          captionId="price-list-caption"
          className="w-full min-w-[44rem] border-collapse text-sm"
          headClassName="hud-label px-3 py-2 text-left font-semibold text-muted-foreground"
          cellClassName="px-3 py-1.5 align-middle"
        />
      </div>
    );

  return (
    <section aria-labelledby="price-list-heading" className="space-y-5">
      <PanelHeader id="price-list-heading" title="Price list">
        <PriceListItemDialog />
      </PanelHeader>
      <p className="text-sm text-muted-foreground">
        What the estimate builder offers as lines. A line copies the item&apos;s description and price, which stay the estimate&apos;s own whatever changes
        here.
      </p>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex items-center gap-2">
          <input id={archivedId} type="checkbox" className="size-4 accent-primary" checked={archived} onChange={(event) => setArchived(event.target.checked)} />
          <Label htmlFor={archivedId}>Show archived items</Label>
        </div>
        <ListSearch id="price-list-search" label="Search the price list" placeholder="Description or unit" value={search} onChange={setSearch} />
      </div>
      {body}
    </section>
  );
}
