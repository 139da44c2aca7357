import type { PublicUser } from "@common/contract/users";
import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import { RequestQuoteTrigger } from "./request-quote-trigger";

/** The button, and its dialog (the quote form) loaded when it is first pressed. */
export const RequestQuoteDialog = dialogOnDemand<{ user: PublicUser }>(
  () => import("./quote-dialog").then((module) => module.RequestQuoteDialog),
  () => <RequestQuoteTrigger />,
);
