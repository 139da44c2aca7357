import { PageHeading } from "@/components/ui/page-heading";

/** /dashboard/estimates/:id: the customer's estimate (being built). */
export default function EstimatePage() {
  return <PageHeading eyebrow="// Estimate" title="Estimate" />;
}
