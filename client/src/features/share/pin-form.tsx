import { useQueryClient } from "@tanstack/react-query";
import { LockKeyhole } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { ErrorResponse } from "@common/contract/wire";
import { SHARE_PIN_PATTERN, shareLinkMessages } from "@common/share-links";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { FormRefusal } from "@/components/ui/panel-states";
import { enterPin } from "./api/enter-pin";
import { shareQuery } from "./api/get-share";

/** The PIN screen of a link that has one: a wrong PIN says so under the field; too many, how long to wait. */
export function PinForm({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    if (!SHARE_PIN_PATTERN.test(pin)) return setError(shareLinkMessages.pinEntry);
    setError(undefined);
    setPending(true);
    const answer = await enterPin(token, pin);
    setPending(false);
    if (answer.ok) return queryClient.invalidateQueries({ queryKey: shareQuery(token).queryKey });
    const fieldError = (answer.body as ErrorResponse | undefined)?.errors?.pin;
    if (fieldError) setError(fieldError);
    else setRefusal(answer.message ?? answer.generic);
    setPin("");
  };

  return (
    <Card className="mx-auto max-w-md space-y-4">
      <h2 className="flex items-center gap-2 text-xl font-bold">
        <LockKeyhole aria-hidden className="size-5 text-primary" />
        This link is protected by a PIN
      </h2>
      <p className="text-muted-foreground">Enter the PIN you were given with the link to see the files.</p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Enter the PIN" className="space-y-4">
        <FormRefusal>{refusal}</FormRefusal>
        <FormField id={id} label="PIN" error={error}>
          <Input
            id={id}
            value={pin}
            onChange={(event) => setPin(event.target.value.trim())}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            {...fieldAria(id, error)}
          />
        </FormField>
        <Button type="submit" disabled={pending}>
          {pending ? "Checking…" : "Open"}
        </Button>
      </form>
    </Card>
  );
}
