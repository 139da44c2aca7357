import type { Invoice } from "@common/contract/invoices";
import { formatMoney } from "@common/money";
import { PdfLink } from "@/components/ui/pdf-link";
import { formatDay } from "@/lib/format";

/**
 * An invoice's credit notes, oldest first: number, day, amount credited (tax included) and the
 * PDF; the back office and the customer see the same list. Nothing shows when there is none.
 */
export function CreditNotesList({ invoice }: { invoice: Pick<Invoice, "id" | "number" | "currency" | "creditNotes"> }) {
  if (invoice.creditNotes.length === 0) return null;
  const money = (cents: number) => formatMoney(cents, invoice.currency.toUpperCase());
  return (
    <ul aria-label={`Credit notes of invoice ${invoice.number}`} className="space-y-1 text-sm">
      {invoice.creditNotes.map((note) => (
        <li key={note.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-mono">{note.number}</span>
          <time dateTime={note.issueDate} className="text-muted-foreground">
            {formatDay(note.issueDate)}
          </time>
          <span className="font-mono tabular-nums">−{money(note.total)}</span>
          <PdfLink href={`/api/invoices/${invoice.id}/credit-notes/${note.id}/pdf`} what={`credit note ${note.number}`} />
        </li>
      ))}
    </ul>
  );
}
