import { PageHeading } from "@/components/ui/page-heading";

export default function DashboardPage() {
  return <PageHeading eyebrow="// Mission control" title="Customer Dashboard" />;
}
