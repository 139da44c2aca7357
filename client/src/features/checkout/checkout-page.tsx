import { PageHeading } from "@/components/ui/page-heading";

export default function CheckoutPage() {
  return <PageHeading eyebrow="// Secure payment" title="Checkout" />;
}
