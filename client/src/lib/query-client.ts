import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { dataOf, send } from "./api";

type UnauthorizedBehavior = "returnNull" | "throw";

/** Loads the query key joined as a URL; a 401 is an error unless told to give null (docs/product.md §7). */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const answer = await send<T>("GET", queryKey.join("/"), { signal });
    if (on401 === "returnNull" && answer.status === 401) return null;
    return dataOf(answer);
  };
}

/** No retries, never stale, no polling, no refetch on focus (docs/product.md §7). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
