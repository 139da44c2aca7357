import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { QuoteStatus } from "@common/quotes";
import { apiRequest } from "@/lib/api";
import { toast } from "@/lib/use-toast";
import { ADMIN_QUOTES_QUERY_KEY } from "./get-admin-quotes";

export type QuoteDecision = Exclude<QuoteStatus, "pending">;

interface QuoteStatusUpdate {
  id: number;
  status: QuoteDecision;
  /** In cents; only sent when accepting. */
  price?: number;
}

/** PATCH /api/admin/quotes/{id}: approve, decline or complete a quote request. */
async function updateQuoteStatus({ id, status, price }: QuoteStatusUpdate): Promise<void> {
  await apiRequest("PATCH", `/api/admin/quotes/${id}`, price === undefined ? { status } : { status, price });
}

/** Toasts "Quote request {status}" or the documented failure (docs/product.md §4, §8); either way the list reloads. */
export function useUpdateQuoteStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuoteStatus,
    onSuccess: (_data, { status }) => {
      toast({ title: `Quote request ${status}`, variant: "success" });
    },
    onError: () => {
      toast({ title: "Update Failed", description: "Could not update the request status", variant: "destructive" });
    },
    // A 409 means another admin got there first: reload to show where the quote stands now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUOTES_QUERY_KEY }),
  });
}
