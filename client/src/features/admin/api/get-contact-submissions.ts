import { useQuery } from "@tanstack/react-query";
import { type ListResponse, selectData } from "@/lib/list-response";

/** One row of GET /api/contact (admin only): an inquiry from the contact form or a quote request. */
export interface ContactSubmissionRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  service: string;
  message: string;
  createdAt: string;
}

export const CONTACT_SUBMISSIONS_QUERY_KEY = ["/api/contact"] as const;

export function useContactSubmissions() {
  return useQuery<ListResponse<ContactSubmissionRow>, Error, ContactSubmissionRow[]>({
    queryKey: CONTACT_SUBMISSIONS_QUERY_KEY,
    select: selectData,
  });
}
