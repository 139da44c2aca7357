import { useState } from "react";
import type { PublicUser } from "@common/contract/users";
import { CONTACT_SERVICES } from "@common/services-offered";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { QuoteForm } from "./quote-form";
import { RequestQuoteTrigger } from "./request-quote-trigger";

/** The Request Custom Quote button of the dashboard and the dialog it opens (docs/product.md §2); request-quote-button.tsx loads it. */
export function RequestQuoteDialog({ user, openAtOnce = false }: { user: PublicUser } & OpensAtOnce) {
  const [open, setOpen] = useState(openAtOnce);
  const close = () => setOpen(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <RequestQuoteTrigger />
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          eyebrow="// Mission briefing"
          title="Request Custom Quote"
          description="Tell us about your project and we will send you a tailored quote."
        />
        <QuoteForm user={user} idPrefix="quote-dialog" services={CONTACT_SERVICES} onCancel={close} onSubmitted={close} />
      </DialogContent>
    </Dialog>
  );
}
