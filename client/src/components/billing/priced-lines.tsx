import type { ReactNode } from "react";
import { formatMoney, QUANTITY_DECIMALS } from "@common/money";
import { numberFormat } from "@/lib/intl-on-first-use";
import { cn } from "@/lib/utils";
import { Badge } from "@/components/ui/card";
import { DataTable, type TableColumn } from "@/components/ui/data-table";

/** A priced line of an estimate or an invoice as the server stored it; amounts in cents. */
export interface PricedLine {
  id: number;
  description: string;
  quantity: number;
  unit: string;
  unitPrice: number;
  /** quantity × unit price, rounded by common/money.ts on the server. */
  amount: number;
  /** An estimate's optional item; invoice lines have none. */
  optional?: boolean;
  /** An invoice line's origin: "extra" for work beyond the accepted estimate. */
  source?: "estimate" | "extra";
}

/**
 * The figures under the lines, in cents. Which ones show is decided by what is given: a discount or
 * a deposit of 0 is left out, `paid` and `balance` only when given (an invoice).
 */
export interface PricedTotals {
  subtotal: number;
  discount: number;
  /** An invoice's goodwill credits (below 0) and surcharges (above 0), before tax. */
  adjustments?: readonly { description: string; amount: number }[];
  /** 825 is 8.25 %. */
  taxRateBasisPoints: number;
  tax: number;
  total: number;
  depositAmount?: number;
  /** What an invoice's credit notes took off. */
  credited?: number;
  paid?: number;
  balance?: number;
  /** Paid beyond what an invoice now asks, to be refunded. */
  owedBack?: number;
}

interface PricedLinesProps {
  lines: readonly PricedLine[];
  totals: PricedTotals;
  /** The ISO code the amounts are in ("usd"). */
  currency: string;
  /** Read by screen readers before the table ("The lines of Estimate #12"). */
  caption: string;
  /** The description cell's content; by default the description and, for an optional item, its marker. The customer's page puts a checkbox there. */
  describe?: (line: PricedLine) => ReactNode;
  /** The deposit row's term ("Deposit", "Deposit due"). */
  depositLabel?: string;
}

const quantityFormat = numberFormat({ maximumFractionDigits: QUANTITY_DECIMALS });
const rateFormat = numberFormat({ maximumFractionDigits: 2 });

/** 40 acres, 2.5 h, 3 (a line without a unit). */
export const formatQuantity = (line: Pick<PricedLine, "quantity" | "unit">): string =>
  line.unit ? `${quantityFormat().format(line.quantity)} ${line.unit}` : quantityFormat().format(line.quantity);

/** A tax rate in basis points as a percentage: 825 → "8.25%", 1000 → "10%". */
export const formatTaxRate = (basisPoints: number): string => `${rateFormat().format(basisPoints / 100)}%`;

/** The marker of an estimate's optional item, beside its description. */
export function OptionalMarker() {
  return <Badge className="ml-2 align-middle">Optional</Badge>;
}

function DefaultDescription({ line }: { line: PricedLine }) {
  return (
    <>
      {line.description}
      {line.optional ? <OptionalMarker /> : null}
      {line.source === "extra" ? <Badge className="ml-2 align-middle">Extra</Badge> : null}
    </>
  );
}

const defaultDescribe = (line: PricedLine) => <DefaultDescription line={line} />;

// A phone has no room for quantity and unit price: they move under the description, so the table needs no sideways scrolling.
function columnsFor(money: (cents: number) => string, describe: (line: PricedLine) => ReactNode): readonly TableColumn<PricedLine>[] {
  return [
    {
      header: "Description",
      rowHeader: true,
      cell: (line) => (
        <>
          {describe(line)}
          <span className="mt-1 block font-normal text-muted-foreground sm:hidden">
            {formatQuantity(line)} × {money(line.unitPrice)}
          </span>
        </>
      ),
    },
    { header: "Quantity", className: "text-right max-sm:hidden", cellClassName: "whitespace-nowrap", cell: formatQuantity },
    {
      header: "Unit price",
      className: "text-right max-sm:hidden",
      cellClassName: "whitespace-nowrap font-mono tabular-nums",
      cell: (line) => money(line.unitPrice),
    },
    { header: "Amount", className: "text-right", cellClassName: "whitespace-nowrap font-mono tabular-nums", cell: (line) => money(line.amount) },
  ];
}

interface TotalRow {
  term: string;
  value: string;
  strong?: boolean;
}

function totalRows(totals: PricedTotals, money: (cents: number) => string, depositLabel: string): TotalRow[] {
  const rows: TotalRow[] = [{ term: "Subtotal", value: money(totals.subtotal) }];
  if (totals.discount > 0) rows.push({ term: "Discount", value: `−${money(totals.discount)}` });
  for (const adjustment of totals.adjustments ?? [])
    rows.push({ term: adjustment.description, value: adjustment.amount < 0 ? `−${money(-adjustment.amount)}` : `+${money(adjustment.amount)}` });
  rows.push({ term: `Tax (${formatTaxRate(totals.taxRateBasisPoints)})`, value: money(totals.tax) });
  rows.push({ term: "Total", value: money(totals.total), strong: true });
  if (totals.depositAmount !== undefined && totals.depositAmount > 0) rows.push({ term: depositLabel, value: money(totals.depositAmount) });
  if (totals.credited !== undefined && totals.credited > 0) rows.push({ term: "Credited", value: `−${money(totals.credited)}` });
  if (totals.paid !== undefined) rows.push({ term: "Paid", value: money(totals.paid) });
  if (totals.balance !== undefined) rows.push({ term: "Balance due", value: money(totals.balance), strong: true });
  if (totals.owedBack !== undefined && totals.owedBack > 0) rows.push({ term: "Owed back", value: money(totals.owedBack), strong: true });
  return rows;
}

/**
 * An estimate's or an invoice's lines and totals, for the customer and the back office alike. It
 * only lays out figures the caller has (the server's, or common/money.ts's for a live preview).
 */
export function PricedLines({ lines, totals, currency, caption, describe = defaultDescribe, depositLabel = "Deposit" }: PricedLinesProps) {
  const money = (cents: number) => formatMoney(cents, currency.toUpperCase());
  return (
    <div className="space-y-4">
      <div className="overflow-hidden rounded-lg border bg-card/80">
        <DataTable
          rows={lines}
          columns={columnsFor(money, describe)}
          caption={caption}
          className="w-full border-collapse text-sm"
          headClassName="hud-label px-3 py-3 text-left font-semibold text-muted-foreground sm:px-4"
          cellClassName="px-3 py-3 align-top sm:px-4"
        />
      </div>
      <dl className="ml-auto max-w-sm divide-y rounded-md border bg-background/40 text-sm">
        {totalRows(totals, money, depositLabel).map((row, index) => (
          <div key={`${index}-${row.term}`} className="flex items-baseline justify-between gap-4 px-4 py-2">
            <dt className={cn("hud-label", row.strong ? "text-foreground" : "text-muted-foreground")}>{row.term}</dt>
            <dd className={cn("text-right font-mono tabular-nums", row.strong && "text-base font-semibold text-primary")}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
