import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { ApiError, apiRequest } from "./api";
import { USER_QUERY_KEY } from "./auth";
import { toast } from "./use-toast";

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
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
    queryClient.setQueryData(USER_QUERY_KEY, null);
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
