import { useId, useState } from "react";
import type { TestMailResult } from "@common/contract/settings";
import type { ErrorResponse } from "@common/contract/wire";
import { useUser } from "@/api/session";
import { Button } from "@/components/ui/button";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { useSendTestMail } from "./api/settings";

type Outcome = TestMailResult | { delivered: false; answer: string; refusal: true };

/**
 * Send a test mail: one mail now through the mail server as saved, to the admin's own address
 * unless another is typed. The status below says the server's own words: "Delivered: 250 …" when it
 * took the mail, "Refused: 535 …" when it did not; a request the site refuses (no mail server yet,
 * an address that is none) says why.
 */
export function TestMail() {
  const id = useId();
  const { data: user } = useUser();
  const send = useSendTestMail();
  const [typed, setTyped] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const to = typed ?? user?.email ?? "";

  const onSubmit = async () => {
    setFieldError(undefined);
    setOutcome(undefined);
    const answer = await send.mutateAsync(to);
    if (answer.ok) {
      setOutcome(answer.data.data);
      return;
    }
    const toError = (answer.body as ErrorResponse | undefined)?.errors?.to;
    if (toError) setFieldError(toError);
    else setOutcome({ delivered: false, answer: answer.message ?? answer.generic, refusal: true });
  };

  return (
    <div className="space-y-3 rounded-md border border-primary/20 p-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <FormField id={id} label="Send the test to" error={fieldError}>
            <Input id={id} type="email" autoComplete="email" value={to} onChange={(event) => setTyped(event.target.value)} {...fieldAria(id, fieldError)} />
          </FormField>
        </div>
        <Button type="button" variant="outline" disabled={send.isPending} onClick={() => void onSubmit()}>
          {send.isPending ? "Sending…" : "Send a test mail"}
        </Button>
      </div>
      <div role="status" aria-label="Test mail" className="min-h-6 text-sm">
        {send.isPending ? <p className="text-muted-foreground">Sending the test mail…</p> : null}
        {outcome ? (
          <p className={cn("break-words font-mono", outcome.delivered ? "text-success" : "text-destructive")}>
            {outcome.delivered ? "Delivered: " : "refusal" in outcome ? "Not sent: " : "Refused: "}
            {outcome.answer}
          </p>
        ) : null}
      </div>
    </div>
  );
}
