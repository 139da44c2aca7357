import { formatTaxRate } from "@/components/billing/priced-lines";
import { formatBusinessMoney } from "@/lib/format";
import { type EstimateBody, liveTotals } from "./estimate-form";

const money = (cents: number | null) => (cents === null ? "—" : formatBusinessMoney(cents));

/**
 * The builder's totals as typed, for the admin's eye: common/money.ts computes them the way the
 * server will, but the server computes the ones the estimate keeps. A first estimate's tax rate is
 * the business's, which the browser does not know: the totals stop before tax and say so. A
 * revision shows tax at the rate of the revision it replaces.
 */
export function EstimateTotals({ totals: body, taxRateBasisPoints }: { totals: EstimateBody; taxRateBasisPoints: number | null }) {
  const totals = liveTotals(body, taxRateBasisPoints);
  const percent = "percent" in body.deposit ? body.deposit.percent : null;
  const rows: [string, string][] = [
    ["Subtotal", money(totals.subtotal)],
    ["Discount", totals.discount ? `−${formatBusinessMoney(totals.discount)}` : money(totals.discount)],
  ];
  if (taxRateBasisPoints === null) {
    if (totals.subtotal !== null && totals.discount !== null) rows.push(["Before tax", formatBusinessMoney(Math.max(0, totals.subtotal - totals.discount))]);
  } else {
    rows.push([`Tax (${formatTaxRate(taxRateBasisPoints)})`, money(totals.tax)], ["Total", money(totals.total)]);
  }
  if (taxRateBasisPoints !== null || percent === null) rows.push(["Deposit", money(totals.deposit)]);
  if (totals.optional) rows.push(["Optional items, if all ticked", `+${formatBusinessMoney(totals.optional)}`]);

  return (
    <section aria-labelledby="estimate-totals-heading" className="space-y-2 rounded-md border bg-muted/30 p-4">
      <h3 id="estimate-totals-heading" className="hud-label text-primary">
        Totals as typed
      </h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="text-right font-mono tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        {taxRateBasisPoints === null
          ? `Tax is added at the business's rate when the estimate is sent${percent === null ? "" : `, and the ${Number.isFinite(percent) ? `${percent} % ` : ""}deposit is worked out on the total with tax`}.`
          : "Tax at the rate of the estimate this one revises."}{" "}
        The server computes the figures the estimate keeps.
      </p>
    </section>
  );
}
