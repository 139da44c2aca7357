import type { Service } from "@common/contract/services";
import { useListQuery } from "@/lib/list-query";

// Shared by the dashboard's subscriptions and the admins' upload forms: one cache entry.
const serviceKeys = { active: ["/api/services?active=true"] as const };

/** GET /api/services?active=true (public): the catalogue a customer can subscribe to or an upload can name. */
export function useActiveServices() {
  return useListQuery<Service>(serviceKeys.active);
}
