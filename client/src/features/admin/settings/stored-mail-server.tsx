import { useState } from "react";
import type { SettingsView } from "@common/contract/settings";
import type { SettingsPatch } from "@common/settings";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/use-toast";
import { ConfirmDialog } from "../media/confirm-dialog";
import { DESTRUCTIVE_OUTLINE } from "../media/destructive-style";
import { useSaveSettings } from "./api/settings";
import type { FieldsOf } from "./setting-fields";
import { showSaved } from "./settings-form";

/**
 * What can be taken back of the mail server saved here (docs/decisions/0060-settings-start-empty.md):
 * its password alone, the server kept and what was typed in its other fields too; or the server
 * itself, asked first, after which the site sends no mail until another is saved. Neither is offered
 * while SMTP_URL fixes the mail server.
 */
export function StoredMailServerActions({ view, form }: Omit<FieldsOf, "prefix">) {
  const save = useSaveSettings();
  const [asking, setAsking] = useState(false);
  const stored = view.values.mail;
  if (!stored || view.fixed.mail) return null;
  const { passwordSet, ...server } = stored;

  /** Saves `patch`, then `shown` puts what was saved in the fields it concerns. */
  const apply = async (patch: SettingsPatch, done: string, shown: (saved: SettingsView) => void) => {
    const answer = await save.mutateAsync(patch);
    setAsking(false);
    if (!answer.ok) {
      toast({ title: "The mail server could not be changed", description: answer.message ?? answer.generic, variant: "destructive" });
      return;
    }
    shown(answer.data.data);
    toast({ title: done, variant: "success" });
  };

  return (
    <div className="flex flex-wrap gap-3">
      {passwordSet ? (
        <Button
          type="button"
          variant="outline"
          disabled={save.isPending}
          onClick={() => void apply({ mail: { ...server, password: "" } }, "The mail password was removed", () => form.resetField("mailPassword"))}
        >
          Remove password
        </Button>
      ) : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Stop using this mail server?"
        description={`The site forgets ${server.host} and its password, and sends no mail until another mail server is saved: each mail is only written to the server's log.`}
        confirmLabel="Stop using it"
        busy={save.isPending}
        onConfirm={() => void apply({ mail: null }, "The mail server is no longer used", (saved) => showSaved(form, saved, "mail"))}
        trigger={
          <Button type="button" variant="outline" className={DESTRUCTIVE_OUTLINE} disabled={save.isPending}>
            Stop using this mail server
          </Button>
        }
      />
    </div>
  );
}
