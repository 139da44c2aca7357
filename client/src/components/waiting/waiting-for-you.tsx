import { ArrowRight, BellRing } from "lucide-react";
import { Link, useLocation } from "wouter";
import type { WaitingItem } from "@common/contract/waiting";
import { formatMoney } from "@common/money";
import { formatDay } from "@/lib/format";
import { formatWindow } from "@/lib/job-window";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageSection } from "@/components/ui/page-section";

/** An amount in the currency of the document it is on. */
const money = (cents: number, currency: string) => formatMoney(cents, currency.toUpperCase());

/** The item's figures in a line: what it comes to and by when, as the server computed them. */
function waitingFigures(item: WaitingItem): string | null {
  switch (item.kind) {
    case "estimate":
      return `Total ${money(item.total, item.currency)} · valid until ${formatDay(item.validUntil)}`;
    case "deposit":
      return `Deposit due ${money(item.amountDue, item.currency)}`;
    case "invoice":
      return `Balance ${money(item.amountDue, item.currency)} · due ${formatDay(item.dueDate)}${item.overdue ? " (overdue)" : ""}`;
    case "flight":
      return `${formatWindow(item.start, item.end, item.timeZone)}, times at the site`;
    case "deliverables":
      return null;
  }
}

// Button lettering is wide: on a phone the link takes the row's width and may wrap rather than overflow.
const LINK_CLASSES = "h-auto min-h-9 w-full py-2 whitespace-normal text-center sm:w-auto sm:shrink-0";

/** Where the item leads: another screen by the router; a section of this very page by its anchor, as the router would not scroll to it. */
function ItemLink({ item }: { item: WaitingItem }) {
  const [here] = useLocation();
  const [path, section] = item.href.split("#");
  const className = buttonVariants({
    variant: item.kind === "flight" || item.kind === "deliverables" ? "outline" : "default",
    size: "sm",
    className: LINK_CLASSES,
  });
  const words = (
    <>
      {item.action}
      {/* The job completes the link's name for a list read link by link; the page shows it above. */}
      <span className="sr-only">{`: ${item.jobTitle}`}</span>
      <ArrowRight aria-hidden />
    </>
  );
  if (section && path === here) {
    return (
      <a href={`#${section}`} className={className}>
        {words}
      </a>
    );
  }
  return (
    <Link href={item.href} className={className}>
      {words}
    </Link>
  );
}

const itemKey = (item: WaitingItem) => `${item.kind}-${"estimateId" in item ? item.estimateId : "invoiceId" in item ? item.invoiceId : item.jobId}`;

/**
 * "Waiting for you": what asks something of the customer now (GET /api/waiting), each with its
 * figures and a link to where it is done (docs/decisions/0049-what-waits-for-a-customer.md). Nothing
 * waiting, nothing drawn: no empty box. `showJob` names each item's job (the dashboard lists every job's).
 */
export function WaitingForYou({ items, showJob, className }: { items: readonly WaitingItem[] | undefined; showJob: boolean; className?: string }) {
  if (!items?.length) return null;
  return (
    <div className={className}>
      <PageSection id="waiting-heading" title="Waiting for you" icon={<BellRing />}>
        <ul className="grid gap-3">
          {items.map((item) => {
            const figures = waitingFigures(item);
            return (
              <li key={itemKey(item)}>
                <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
                  <div className="min-w-0 space-y-1">
                    {showJob ? <p className="text-sm break-words text-muted-foreground">{item.jobTitle}</p> : null}
                    <p className="font-semibold break-words">{item.sentence}</p>
                    {figures ? <p className="font-mono text-sm break-words">{figures}</p> : null}
                  </div>
                  <ItemLink item={item} />
                </Card>
              </li>
            );
          })}
        </ul>
      </PageSection>
    </div>
  );
}
