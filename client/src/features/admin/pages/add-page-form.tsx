import { Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { newServicePageSchema } from "@common/site-pages";
import type { ErrorResponse } from "@common/contract/wire";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormRefusal } from "@/components/ui/panel-states";
import { toast } from "@/lib/use-toast";
import { useAddServicePage } from "./api";
import { TextField } from "./page-fields";
import type { FieldErrors } from "./page-form-values";

const FIELDS = new Set(["slug", "navLabel"]);

/**
 * Add a service page: its address and navigation label, checked with the server's own schema; an
 * address already in use comes back as a 409 naming `slug`, shown under it. The new page opens in
 * the editor, off the site until it is published (docs/decisions/0061-site-pages.md).
 */
export function AddPageForm({ onAdded }: { onAdded: (key: string, name: string) => void }) {
  const add = useAddServicePage();
  const [open, setOpen] = useState(false);
  const [slug, setSlug] = useState("");
  const [navLabel, setNavLabel] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string>();

  const refuse = (found: FieldErrors) => {
    setErrors(found);
    const first = ["slug", "navLabel"].find((field) => found[field]);
    if (first) document.getElementById(`page-${first}`)?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    const checked = newServicePageSchema.safeParse({ slug, navLabel });
    if (!checked.success) {
      refuse(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join("."), issue.message])));
      return;
    }
    setErrors({});
    const answer = await add.mutateAsync(checked.data);
    if (answer.ok) {
      toast({ title: answer.data.message, variant: "success" });
      onAdded(answer.data.data.key, checked.data.navLabel);
      return;
    }
    const found = Object.fromEntries(Object.entries((answer.body as ErrorResponse | undefined)?.errors ?? {}).filter(([field]) => FIELDS.has(field)));
    if (Object.keys(found).length > 0) refuse(found);
    else setRefusal(answer.message ?? answer.generic);
  };

  if (!open) {
    return (
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <Plus aria-hidden />
        Add a service page
      </Button>
    );
  }
  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-label="Add a service page" className="space-y-4">
        <FormRefusal>{refusal}</FormRefusal>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField path="slug" label="Address" hint="The page lives at /address, such as roof-inspections." value={slug} errors={errors} onChange={setSlug} />
          <TextField path="navLabel" label="Navigation label" value={navLabel} errors={errors} onChange={setNavLabel} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? "Adding…" : "Add page"}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
