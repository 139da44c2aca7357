import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Role } from "@common/roles";
import type { CustomerDetail, CustomerSummary } from "@common/contract/customers";
import type { ListResponse } from "@common/contract/wire";
import { customerKeys } from "@/api/customers";
import { apiRequest } from "@/lib/api";

/** The list's filters, as GET /api/admin/customers reads them: one role, and words of the name or e-mail (empty: any). */
export interface CustomerFilters {
  role: Role;
  q: string;
}

function customersUrl({ role, q }: CustomerFilters): string {
  const params = new URLSearchParams({ role, ...(q ? { q } : {}) });
  return `${customerKeys.all[0]}?${params.toString()}`;
}

/** GET /api/admin/customers?role=&q=: the accounts of one role, the latest active first; the last list stays on screen while the next loads. */
export function useCustomers(filters: CustomerFilters) {
  return useQuery({
    queryKey: customerKeys.list(filters),
    queryFn: ({ signal }) => apiRequest<ListResponse<CustomerSummary>>("GET", customersUrl(filters), undefined, { signal }),
    select: (response) => response.data,
    // Payments, jobs and messages move the figures all day: each visit reloads them, showing the last load meanwhile.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/customers/{id}: the account with its jobs, deliverables (held ones too), quotes and payments; 404 for no such account. */
export function useCustomer(id: number) {
  return useQuery<{ success: true; data: CustomerDetail }, Error, CustomerDetail>({
    queryKey: customerKeys.detail(id),
    select: (answer) => answer.data,
    staleTime: 0,
  });
}
