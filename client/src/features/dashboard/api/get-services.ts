import { useQuery } from "@tanstack/react-query";
import { type ListResponse, selectData } from "@/lib/list-response";

/** One row of GET /api/services?active=true (public). */
export interface ServiceRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  category: string;
  /** Monthly price in cents. */
  price: number;
  active: boolean;
}

export const ACTIVE_SERVICES_QUERY_KEY = ["/api/services?active=true"] as const;

/** Loaded by the default query function: the key is the URL. */
export function useActiveServices() {
  return useQuery<ListResponse<ServiceRow>, Error, ServiceRow[]>({ queryKey: ACTIVE_SERVICES_QUERY_KEY, select: selectData });
}
