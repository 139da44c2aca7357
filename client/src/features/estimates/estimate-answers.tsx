import { zodResolver } from "@hookform/resolvers/zod";
import { Check, CreditCard, MessageSquare, X } from "lucide-react";
import { useState } from "react";
import { type Path, useForm } from "react-hook-form";
import { useLocation } from "wouter";
import type { z } from "zod";
import type { Estimate } from "@common/contract/estimates";
import type { ErrorResponse } from "@common/contract/wire";
import { acceptEstimateSchema, declineEstimateSchema, requestEstimateChangesSchema, SIGNATURE_MAX } from "@common/estimates";
import { formatMoney } from "@common/money";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { fieldAria, FormField, InputField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { FormRefusal } from "@/components/ui/panel-states";
import type { Answer } from "@/lib/api";
import { depositCheckoutHref, estimateTitle } from "@/api/estimates";
import { showRefusal } from "@/lib/show-refusal";
import { toast } from "@/lib/use-toast";
import { type EstimateAnswerResult, useAcceptEstimate, useDeclineEstimate, useRequestEstimateChanges } from "./api/answer-estimate";

const signatureSchema = acceptEstimateSchema.pick({ signatureName: true });
type Signature = z.input<typeof signatureSchema>;

/** The refusal's message for a field that has no input of its own (the ticked options), if the server named it. */
const fieldMessage = (answer: Extract<Answer<unknown>, { ok: false }>, field: string) => (answer.body as ErrorResponse | undefined)?.errors?.[field];

interface AcceptFormProps {
  estimate: Estimate;
  /** The optional lines ticked on the page, sent by id. */
  chosen: readonly number[];
  /** The total and deposit for that choice, for the button and the statement of what is signed. */
  total: number;
  deposit: number;
}

/**
 * Accepting signs the estimate with the typed name, the options ticked and the figures shown; with
 * a deposit the customer goes straight on to pay what the server says is due of it.
 */
export function AcceptForm({ estimate, chosen, total, deposit }: AcceptFormProps) {
  const accept = useAcceptEstimate(estimate.id);
  const [, navigate] = useLocation();
  const [refusal, setRefusal] = useState<string>();
  const form = useForm<Signature, unknown, z.output<typeof signatureSchema>>({ resolver: zodResolver(signatureSchema), defaultValues: { signatureName: "" } });
  const money = (cents: number) => formatMoney(cents, estimate.currency.toUpperCase());

  const onSubmit = form.handleSubmit(async ({ signatureName }) => {
    setRefusal(undefined);
    const answer: EstimateAnswerResult = await accept.mutateAsync({ signatureName, optionalLineIds: [...chosen] });
    if (!answer.ok) {
      const placed = showRefusal(answer, form.setError, (path) => (path === "signatureName" ? ("signatureName" satisfies Path<Signature>) : undefined));
      setRefusal(fieldMessage(answer, "optionalLineIds") ?? placed);
      return;
    }
    const accepted = answer.data.data;
    if (accepted.depositDue > 0) {
      navigate(depositCheckoutHref(accepted));
      return;
    }
    toast({
      title: "Estimate accepted",
      description: `Thank you. ${estimateTitle(accepted)} is signed; we will be in touch to schedule the flight.`,
      variant: "success",
    });
  });

  const withDeposit = deposit > 0;
  const error = form.formState.errors.signatureName?.message;
  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby="accept-heading" className="space-y-4">
        <h3 id="accept-heading" className="text-xl font-semibold">
          Accept and sign
        </h3>
        <p className="text-sm text-muted-foreground">
          Typing your full name signs this estimate as shown: {money(total)} in total
          {withDeposit ? `, with a deposit of ${money(deposit)} paid now by card` : ""}. We keep your name, the time, your address and browser with it.
        </p>
        <FormRefusal>{refusal}</FormRefusal>
        <InputField
          id="estimate-signature"
          label="Your full name"
          autoComplete="name"
          maxLength={SIGNATURE_MAX}
          aria-required
          error={error}
          registration={form.register("signatureName")}
        />
        <Button type="submit" size="lg" disabled={accept.isPending} className="w-full">
          {withDeposit ? <CreditCard aria-hidden /> : <Check aria-hidden />}
          {accept.isPending ? "Accepting…" : withDeposit ? "Accept and pay deposit" : "Accept estimate"}
        </Button>
      </form>
    </Card>
  );
}

interface TextAnswerProps {
  estimate: Estimate;
  kind: "changes" | "decline";
}

/** What each written answer asks and says: request changes with a comment, or decline with a reason. */
const TEXT_ANSWERS = {
  changes: {
    field: "comment",
    schema: requestEstimateChangesSchema,
    heading: "Ask for changes",
    label: "Comment",
    submit: "Request changes",
    busy: "Sending…",
    toast: "Changes requested",
    done: "Your request for changes was sent. We will reply with a revised estimate.",
    icon: MessageSquare,
  },
  decline: {
    field: "reason",
    schema: declineEstimateSchema,
    heading: "Decline the estimate",
    label: "Reason",
    submit: "Decline",
    busy: "Declining…",
    toast: "Estimate declined",
    done: "You declined the estimate. Thank you for telling us why.",
    icon: X,
  },
} as const;

type Text = { text: string };

function useTextAnswer(estimate: Estimate, kind: TextAnswerProps["kind"]) {
  const changes = useRequestEstimateChanges(estimate.id);
  const decline = useDeclineEstimate(estimate.id);
  return kind === "changes"
    ? { pending: changes.isPending, send: (text: string) => changes.mutateAsync({ comment: text }) }
    : { pending: decline.isPending, send: (text: string) => decline.mutateAsync({ reason: text }) };
}

/** "Request changes" (Comment) or "Decline" (Reason): a small form each, the server's refusal under its field, the text kept. */
export function TextAnswerForm({ estimate, kind }: TextAnswerProps) {
  const spec = TEXT_ANSWERS[kind];
  const answer = useTextAnswer(estimate, kind);
  const [refusal, setRefusal] = useState<string>();
  const form = useForm<Text>({ defaultValues: { text: "" } });
  // The server's own schema, its message under this form's one field.
  const validate = (text: string) => {
    const parsed = spec.schema.safeParse({ [spec.field]: text });
    return parsed.success || (parsed.error.issues[0]?.message ?? false);
  };
  const id = `estimate-${kind}`;
  const headingId = `${id}-heading`;

  const onSubmit = form.handleSubmit(async ({ text }) => {
    setRefusal(undefined);
    const result = await answer.send(text.trim());
    if (!result.ok) {
      setRefusal(showRefusal(result, form.setError, (path) => (path === spec.field ? "text" : undefined)));
      return;
    }
    toast({ title: spec.toast, description: spec.done, variant: "success" });
  });

  const error = form.formState.errors.text?.message;
  const Icon = spec.icon;
  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby={headingId} className="space-y-4">
        <h3 id={headingId} className="text-xl font-semibold">
          {spec.heading}
        </h3>
        <FormRefusal>{refusal}</FormRefusal>
        <FormField id={id} label={spec.label} error={error}>
          <Textarea id={id} aria-required {...fieldAria(id, error)} {...form.register("text", { validate })} />
        </FormField>
        <Button type="submit" variant="outline" disabled={answer.pending}>
          <Icon aria-hidden />
          {answer.pending ? spec.busy : spec.submit}
        </Button>
      </form>
    </Card>
  );
}
