import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { PublicUser } from "@common/auth";
import { USER_QUERY_KEY } from "@/lib/auth";

/** Stores the user answered by login or register; the login page then sends them on (see its redirect). */
export function useSignIn(): (user: PublicUser) => void {
  const queryClient = useQueryClient();
  return useCallback((user: PublicUser) => queryClient.setQueryData(USER_QUERY_KEY, user), [queryClient]);
}
