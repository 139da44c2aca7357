import { useMutation } from "@tanstack/react-query";
import type { BillingPortal } from "@common/contract/subscriptions";
import { apiRequest } from "@/lib/api";
import { toast } from "@/lib/use-toast";

/** POST /api/billing-portal: the address of a Stripe Customer Portal session for this customer. */
export async function createBillingPortalSession(): Promise<string> {
  const { url } = await apiRequest<BillingPortal>("POST", "/api/billing-portal", undefined, { fallback: "Please try again." });
  return url;
}

/** Manage with Stripe: leaves for the portal, which sends the customer back to /dashboard. */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: createBillingPortalSession,
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => toast({ title: "Could not open billing", description: error.message, variant: "destructive" }),
  });
}
