import { useMutation, useMutationState, useQueryClient } from "@tanstack/react-query";
import type { QuoteStatus } from "@common/quote-statuses";
import { adminQuoteKeys } from "@/api/quotes";
import { apiRequest } from "@/lib/api";
import { toast } from "@/lib/use-toast";

type QuoteDecision = Exclude<QuoteStatus, "pending">;

const UPDATE_QUOTE_KEY = ["update-quote-status"] as const;

interface QuoteStatusUpdate {
  id: number;
  status: QuoteDecision;
  /** In cents; only sent when accepting. */
  price?: number;
  /** Why, for the customer; only sent when declining, and only when one was written. */
  reason?: string;
}

/** PATCH /api/admin/quotes/{id}: approve, decline or complete a quote request. */
async function updateQuoteStatus({ id, status, price, reason }: QuoteStatusUpdate): Promise<void> {
  await apiRequest("PATCH", `/api/admin/quotes/${id}`, { status, ...(price === undefined ? {} : { price }), ...(reason ? { reason } : {}) });
}

/** Toasts "Quote request {status}" or the documented failure (docs/product.md §4, §8); either way the list reloads. */
export function useUpdateQuoteStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: UPDATE_QUOTE_KEY,
    mutationFn: updateQuoteStatus,
    onSuccess: (_data, { status }) => {
      toast({ title: `Quote request ${status}`, variant: "success" });
    },
    onError: () => {
      toast({ title: "Update Failed", description: "Could not update the request status", variant: "destructive" });
    },
    // A 409 means another admin got there first: reload to show where the quote stands now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQuoteKeys.all }),
  });
}

/** The quotes an update is on its way for, from any of their dialogs: their buttons wait. */
export function useQuotesBeingUpdated(): ReadonlySet<number> {
  const ids = useMutationState({
    filters: { mutationKey: UPDATE_QUOTE_KEY, status: "pending" },
    select: (mutation) => (mutation.state.variables as QuoteStatusUpdate).id,
  });
  return new Set(ids);
}
