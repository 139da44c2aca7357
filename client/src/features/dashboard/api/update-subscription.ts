import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SubscriptionUpdated } from "@common/contract/subscriptions";
import { subscriptionKeys } from "@/api/payments";
import { apiRequest } from "@/lib/api";
import { toast } from "@/lib/use-toast";

export interface SubscriptionUpdate {
  id: number;
  cancelAtPeriodEnd: boolean;
}

const UPDATE_FAILED = "Could not update your subscription";

/** PATCH /api/subscriptions/{id}: cancel at the end of the period, or resume. Resolves to the server's message. */
export async function updateSubscription({ id, cancelAtPeriodEnd }: SubscriptionUpdate): Promise<string> {
  const { message } = await apiRequest<SubscriptionUpdated>("PATCH", `/api/subscriptions/${id}`, { cancelAtPeriodEnd }, { fallback: UPDATE_FAILED });
  return message;
}

/** Toasts the server's message either way; the list reloads either way, so it shows where the subscription stands. */
export function useUpdateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscription,
    onSuccess: (message) => toast({ title: "Subscription updated", description: message, variant: "success" }),
    onError: (error) => toast({ title: UPDATE_FAILED, description: error.message, variant: "destructive" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
