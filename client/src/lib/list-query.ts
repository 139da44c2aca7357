import { useQuery } from "@tanstack/react-query";
import type { ListResponse } from "@common/contract/wire";

function selectData<T>(response: ListResponse<T>): T[] {
  return response.data;
}

/**
 * A list endpoint read by the default query function (its key is its URL), as its rows; read again
 * every `pollWhile(rows)` ms while that answers a number.
 */
export function useListQuery<T>(queryKey: readonly unknown[], pollWhile?: (rows: readonly T[] | undefined) => number | false) {
  return useQuery<ListResponse<T>, Error, T[]>({
    queryKey,
    select: selectData,
    ...(pollWhile ? { refetchInterval: (query) => pollWhile(query.state.data?.data) } : {}),
  });
}
