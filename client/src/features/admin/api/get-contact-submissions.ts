import type { ContactSubmission } from "@common/contract/contact";
import { useListQuery } from "@/lib/list-query";

const CONTACT_SUBMISSIONS_QUERY_KEY = ["/api/contact"] as const;

/** GET /api/contact (admins): inquiries from the contact form and quote requests. */
export function useContactSubmissions() {
  return useListQuery<ContactSubmission>(CONTACT_SUBMISSIONS_QUERY_KEY);
}
