import { ClipboardList } from "lucide-react";
import type { PublicUser } from "@common/contract/users";
import { Button, type ButtonProps } from "@/components/ui/button";
import { dialogOnDemand } from "@/components/ui/dialog-on-demand";

/** The dashboard's Request Custom Quote button (docs/product.md §2). */
export function RequestQuoteTrigger(props: ButtonProps) {
  return (
    <Button type="button" {...props}>
      <ClipboardList aria-hidden />
      Request Custom Quote
    </Button>
  );
}

/** The button, and its dialog (the quote form) loaded when it is first pressed. */
export const RequestQuoteDialog = dialogOnDemand<{ user: PublicUser }>(
  () => import("./quote-dialog").then((module) => module.RequestQuoteDialog),
  () => <RequestQuoteTrigger />,
);
