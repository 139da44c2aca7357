import { ClipboardList } from "lucide-react";
import { useState } from "react";
import type { PublicUser } from "@common/contract/users";
import { DIALOG_QUOTE_SERVICES } from "@common/quotes";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { QuoteForm } from "./quote-form";

/** The Request Custom Quote button of the dashboard and the dialog it opens (docs/product.md §2). */
export function RequestQuoteDialog({ user }: { user: PublicUser }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button">
          <ClipboardList aria-hidden />
          Request Custom Quote
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          eyebrow="// Mission briefing"
          title="Request Custom Quote"
          description="Tell us about your project and we will send you a tailored quote."
        />
        <QuoteForm user={user} idPrefix="quote-dialog" services={DIALOG_QUOTE_SERVICES} onCancel={close} onSubmitted={close} />
      </DialogContent>
    </Dialog>
  );
}
