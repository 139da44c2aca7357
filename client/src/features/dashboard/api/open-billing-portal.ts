import { useMutation } from "@tanstack/react-query";
import { readServerMessage } from "@/lib/api";
import { toast } from "@/lib/use-toast";

/** POST /api/billing-portal: the address of a Stripe Customer Portal session for this customer. */
export async function createBillingPortalSession(): Promise<string> {
  const res = await fetch("/api/billing-portal", { method: "POST", credentials: "include" });
  if (!res.ok) throw new Error((await readServerMessage(res)) ?? "Please try again.");
  const { url } = (await res.json()) as { url: string };
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
