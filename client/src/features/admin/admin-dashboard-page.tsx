import { PageHeading } from "@/components/ui/page-heading";

export default function AdminDashboardPage() {
  return <PageHeading eyebrow="// Back office" title="Admin Dashboard" />;
}
