import { useQuery } from "@tanstack/react-query";

/** One row of GET /api/services?active=true (public). */
export interface ServiceOption {
  id: number;
  name: string;
}

export const ACTIVE_SERVICES_QUERY_KEY = ["/api/services?active=true"] as const;

/** Loaded by the default query function: the key is the URL. */
export function useActiveServices() {
  return useQuery<{ data: ServiceOption[] }, Error, ServiceOption[]>({ queryKey: ACTIVE_SERVICES_QUERY_KEY, select: (response) => response.data });
}
