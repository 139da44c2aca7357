import { Users } from "lucide-react";
import { personName } from "@common/person-name";
import { useState } from "react";
import { Link } from "wouter";
import type { Role } from "@common/roles";
import type { CustomerSummary } from "@common/contract/customers";
import { Button } from "@/components/ui/button";
import { DataTable, type TableColumn } from "@/components/ui/data-table";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { EmptyState, ErrorState, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { formatDate, formatBusinessMoney } from "@/lib/format";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { cn } from "@/lib/utils";
import { useCustomers } from "./api/get-customers";
import { customerPath } from "./links";
import { InvitationsPanel, PeopleActions } from "./invitations-panel";
import { useDebounced } from "@/lib/use-debounced";

const LOAD_FAILED = "Failed to load customers";

/** Typing pauses this long before the list asks the server again. */
const SEARCH_PAUSE_MS = 300;

const ROLE_CHOICES: readonly { role: Role; label: string; empty: string }[] = [
  { role: "customer", label: "Customers", empty: "No customers yet. People who register appear here." },
  { role: "pilot", label: "Pilots", empty: "No pilots yet. Open an account's page to make it a pilot." },
  { role: "admin", label: "Admins", empty: "No admins match." },
];

const columns: readonly TableColumn<CustomerSummary>[] = [
  {
    header: "Name",
    rowHeader: true,
    cell: (account) => (
      <Link href={customerPath(account.id)} className="text-primary underline-offset-4 hover:underline">
        {personName(account)}
        {account.active ? null : <span className="ml-2 text-xs text-muted-foreground">(deactivated)</span>}
      </Link>
    ),
  },
  {
    header: "E-mail",
    cell: (account) => (
      <a href={`mailto:${account.email}`} className="break-all underline-offset-4 hover:underline">
        {account.email}
      </a>
    ),
  },
  {
    header: "Jobs open / total",
    className: "text-right",
    cellClassName: "whitespace-nowrap tabular-nums",
    cell: (account) => `${account.openJobCount} / ${account.jobCount}`,
  },
  {
    header: "Total paid",
    className: "text-right",
    cellClassName: "whitespace-nowrap font-mono tabular-nums",
    cell: (account) => formatBusinessMoney(account.totalPaidCents),
  },
  {
    header: "Last activity",
    cellClassName: "whitespace-nowrap text-muted-foreground",
    cell: (account) => <time dateTime={account.lastActivityAt}>{formatDate(account.lastActivityAt)}</time>,
  },
];

/** Customers tab (docs/product.md §2): the accounts of one role with their jobs, money and last activity, searched by name or e-mail. */
export function CustomersTab() {
  const [role, setRole] = useState<Role>("customer");
  const [search, setSearch] = useState("");
  // The list follows the box once typing pauses.
  const q = useDebounced(search.trim(), SEARCH_PAUSE_MS);
  const customers = useCustomers({ role, q });
  useLoadErrorToast(customers, LOAD_FAILED);
  const choice = ROLE_CHOICES.find((candidate) => candidate.role === role) ?? ROLE_CHOICES[0]!;

  let body;
  if (customers.isPending) body = <LoadingState label="Loading customers…" />;
  else if (customers.isError) body = <ErrorState>{LOAD_FAILED}</ErrorState>;
  else if (customers.data.length === 0) body = <EmptyState icon={<Users />}>{q ? `No ${choice.label.toLowerCase()} match "${q}".` : choice.empty}</EmptyState>;
  else
    body = (
      // Focusable so keyboard users can scroll the table sideways on a narrow screen; busy while it
      // still shows the last list and the one for the new role or search loads.
      <div
        role="region"
        aria-labelledby="customers-caption"
        aria-busy={customers.isPlaceholderData}
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg border bg-card/80 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <DataTable
          rows={customers.data}
          columns={columns}
          caption={`${choice.label}${q ? ` matching "${q}"` : ""}, the latest active first`}
          captionId="customers-caption"
          className="w-full min-w-[44rem] border-collapse text-sm"
          headClassName="hud-label px-4 py-3 text-left font-semibold text-muted-foreground"
          cellClassName="px-4 py-3 align-top"
        />
      </div>
    );

  return (
    <section aria-labelledby="customers-heading" className="space-y-5">
      <PanelHeader id="customers-heading" title="Customers">
        <PeopleActions />
      </PanelHeader>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div role="group" aria-label="Accounts by role" className="flex flex-wrap gap-2">
          {ROLE_CHOICES.map((candidate) => (
            <Button
              key={candidate.role}
              type="button"
              size="sm"
              variant="outline"
              aria-pressed={role === candidate.role}
              className={cn("normal-case tracking-normal", role === candidate.role && "bg-primary/15 text-foreground")}
              onClick={() => setRole(candidate.role)}
            >
              {candidate.label}
            </Button>
          ))}
        </div>
        {/* Enter has nothing to send: the list already follows what is typed. */}
        <form role="search" aria-label="Search accounts" onSubmit={(event) => event.preventDefault()} className="w-full sm:w-72">
          <FormField id="customers-search" label="Search">
            <Input id="customers-search" type="search" placeholder="Name or e-mail" value={search} onChange={(event) => setSearch(event.target.value)} />
          </FormField>
        </form>
      </div>
      {body}
      <InvitationsPanel />
    </section>
  );
}
