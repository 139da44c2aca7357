import { useQueryClient } from "@tanstack/react-query";
import { withOwnName } from "@common/site";
import { getSiteConfig } from "@/lib/site-config";
import type { PublicUser } from "@common/contract/users";
import type { Answer } from "@/lib/api";
import { sessionKeys } from "@/api/session";
import { toast } from "@/lib/use-toast";

interface SignInToasts {
  welcome: { title: string; description: string };
  /** The failure's title, and its description when the server gives no message of its own. */
  failure: { title: string; fallback: string };
}

/**
 * Login or register: sends the form, stores the user it answers (the login page then sends them
 * on, see its redirect) and toasts the outcome (docs/product.md §8). A failure keeps what was typed.
 */
export function useSignIn<V>(request: (values: V) => Promise<Answer<PublicUser>>, { welcome, failure }: SignInToasts): (values: V) => Promise<void> {
  const queryClient = useQueryClient();
  return async (values) => {
    const result = await request(values);
    if (result.ok) {
      toast({ title: welcome.title, description: withOwnName(welcome.description, getSiteConfig().businessName), variant: "success" });
      queryClient.setQueryData(sessionKeys.user, result.data);
    } else {
      toast({ title: failure.title, description: result.message ?? failure.fallback, variant: "destructive" });
    }
  };
}
