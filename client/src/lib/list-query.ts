import { useQuery } from "@tanstack/react-query";
import type { ListResponse } from "@common/contract/wire";

function selectData<T>(response: ListResponse<T>): T[] {
  return response.data;
}

/** A list endpoint read by the default query function (its key is its URL), as its rows. */
export function useListQuery<T>(queryKey: readonly unknown[]) {
  return useQuery<ListResponse<T>, Error, T[]>({ queryKey, select: selectData });
}
