import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { PublicUser } from "@common/contract/users";
import { ApiError, apiRequest } from "@/lib/api";
import { getQueryFn } from "@/lib/query-client";
import { toast } from "@/lib/use-toast";

/**
 * The session's queries: who is signed in, which a login, a registration or a password reset sets
 * and a logout keeps (as null) while every other answer is forgotten; and whether a reset link still
 * works, asked once as its page opens (a POST read as a query).
 */
export const sessionKeys = {
  user: ["/api/user"] as const,
  resetLink: (token: string | null) => ["/api/reset-password/check", token] as const,
  invitation: (token: string | null) => ["/api/invitations/check", token] as const,
};

/**
 * The logged-in user, or null for a visitor (GET /api/user answers 401). With `enabled` false it
 * asks nothing and stays undefined until a login or registration puts the user in the cache.
 */
export function useUser({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<PublicUser | null>({ queryKey: sessionKeys.user, queryFn: getQueryFn<PublicUser>({ on401: "returnNull" }), enabled });
}

/** POST /api/logout: the server destroys the session and clears the hint cookie. */
async function logout(): Promise<void> {
  await apiRequest("POST", "/api/logout");
}

/**
 * Logs out (the header's account menu and the dashboard's Logout button): forgets every cached answer of the account and goes
 * home (docs/product.md §4, session).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  const signedOut = () => {
    // Leave an account page first so its guard does not send the user to /login.
    navigate("/");
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.user[0] });
    queryClient.setQueryData(sessionKeys.user, null);
    toast({ title: "Logged out", description: "You have been signed out.", variant: "success" });
  };

  return useMutation({
    mutationFn: logout,
    onSuccess: signedOut,
    onError: (error) => {
      // 401: the session had already ended, which is what the user asked for.
      if (error instanceof ApiError && error.status === 401) signedOut();
      else toast({ title: "Logout failed", description: "Please try again.", variant: "destructive" });
    },
  });
}
