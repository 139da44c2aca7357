import { useQueryClient } from "@tanstack/react-query";
import { Copy } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { JobDetail } from "@common/contract/jobs";
import type { CreateShareLinkInput } from "@common/contract/share-links";
import type { ErrorResponse } from "@common/contract/wire";
import { NEW_SHARE_PIN_PATTERN, shareLinkMessages } from "@common/share-links";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { useFormDialog } from "@/components/ui/form-dialog";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { FormRefusal } from "@/components/ui/panel-states";
import { useJobLayers } from "@/api/map-layers";
import { useUser } from "@/api/session";
import { createShareLink, shareLinksQuery } from "@/api/share-links";
import { toast } from "@/lib/use-toast";
import { ShareLinkList } from "./share-link-list";
import { ShareTrigger } from "./share-trigger";

export interface ShareDialogProps {
  job: Pick<JobDetail, "id" | "title" | "reports" | "media">;
}

const DEFAULT_DAYS = 14;
/** YYYY-MM-DD, `days` from today, in the browser's time zone. */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

type Errors = Partial<Record<"expiresAt" | "pin" | "items", string>>;
type Kind = "reports" | "media" | "layers";

function Choice({
  id,
  label,
  checked,
  onChange,
  describedBy,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  describedBy?: string;
}) {
  return (
    <li className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={describedBy}
      />
      <label htmlFor={id} className="min-w-0 break-words text-sm">
        {label}
      </label>
    </li>
  );
}

/** "Share": a new link (expiry, optional PIN, downloads, all or chosen items), its address to copy, and the job's links with their logs. */
export function ShareDialog({ job, openAtOnce = false }: ShareDialogProps & OpensAtOnce) {
  const baseId = useId();
  const queryClient = useQueryClient();
  const layers = useJobLayers(job.id);
  const readyLayers = (layers.data ?? []).filter((layer) => layer.status === "ready");
  // The compliance packet is the business's to share (docs/decisions/0075-scanned-copies.md): offered to admins only.
  const isAdmin = useUser().data?.role === "admin";
  const [expiresOn, setExpiresOn] = useState(dayFromToday(DEFAULT_DAYS));
  const [pin, setPin] = useState("");
  const [allowDownload, setAllowDownload] = useState(true);
  const [everything, setEverything] = useState(true);
  const [chosen, setChosen] = useState<{
    reports: number[];
    media: number[];
    layers: number[];
    siteMap: boolean;
    findings: boolean;
    compliancePacket: boolean;
  }>({
    reports: [],
    media: [],
    layers: [],
    siteMap: true,
    findings: true,
    compliancePacket: false,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [created, setCreated] = useState<string>();
  const [pending, setPending] = useState(false);
  const { open, onOpenChange, refusal, setRefusal } = useFormDialog(() => {
    setCreated(undefined);
    setErrors({});
  }, openAtOnce);

  const toggle = (kind: Kind, id: number, on: boolean) =>
    setChosen((current) => ({ ...current, [kind]: on ? [...current[kind], id] : current[kind].filter((other) => other !== id) }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    const found: Errors = {};
    if (!expiresOn) found.expiresAt = "Choose the day the link stops working";
    if (pin && !NEW_SHARE_PIN_PATTERN.test(pin)) found.pin = shareLinkMessages.newPin;
    setErrors(found);
    if (Object.keys(found).length) return;
    // The link works to the end of the day chosen, in the sharer's time zone.
    const input: CreateShareLinkInput = {
      expiresAt: new Date(`${expiresOn}T23:59:59`).toISOString(),
      allowDownload,
      ...(pin ? { pin } : {}),
      ...(everything ? {} : { items: chosen }),
    };
    setPending(true);
    const answer = await createShareLink(job.id, input);
    setPending(false);
    if (!answer.ok) {
      const fields = (answer.body as ErrorResponse | undefined)?.errors ?? {};
      const named: Errors = { expiresAt: fields.expiresAt, pin: fields.pin };
      setErrors(named);
      if (!named.expiresAt && !named.pin) setRefusal(answer.message ?? answer.generic);
      return;
    }
    setCreated(new URL(answer.data.data.url, window.location.origin).href);
    setPin("");
    await queryClient.invalidateQueries({ queryKey: shareLinksQuery(job.id).queryKey });
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created);
      toast({ title: "Link copied", variant: "success" });
    } catch {
      toast({ title: "The link could not be copied", description: "Select it and copy it by hand.", variant: "destructive" });
    }
  };

  const ids = { expires: `${baseId}-expires`, pin: `${baseId}-pin`, url: `${baseId}-url`, viewOnly: `${baseId}-view-only` };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <ShareTrigger />
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogHeading
          title="Share this job"
          description={`A link to ${job.title}'s deliverables for someone without an account: it works until the day you choose, or until you revoke it.`}
        />
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="New share link" className="space-y-4">
          <FormRefusal>{refusal}</FormRefusal>
          <FormField id={ids.expires} label="Expires on" error={errors.expiresAt}>
            <Input
              id={ids.expires}
              type="date"
              min={dayFromToday(0)}
              value={expiresOn}
              onChange={(event) => setExpiresOn(event.target.value)}
              {...fieldAria(ids.expires, errors.expiresAt)}
            />
          </FormField>
          <FormField id={ids.pin} label="PIN (optional, 6 to 12 digits)" error={errors.pin}>
            <Input
              id={ids.pin}
              inputMode="numeric"
              autoComplete="off"
              maxLength={12}
              value={pin}
              onChange={(event) => setPin(event.target.value.trim())}
              {...fieldAria(ids.pin, errors.pin)}
            />
          </FormField>
          <ul className="space-y-2">
            <Choice
              id={`${baseId}-downloads`}
              label="Allow downloads (otherwise view only)"
              checked={allowDownload}
              onChange={setAllowDownload}
              describedBy={ids.viewOnly}
            />
            <Choice id={`${baseId}-everything`} label="Share everything delivered, later deliveries too" checked={everything} onChange={setEverything} />
          </ul>
          {/* View only is not copy protection (docs/decisions/0034-share-links.md): the sharer reads so where they choose it. */}
          <p id={ids.viewOnly} className="text-sm text-muted-foreground">
            {shareLinkMessages.viewOnlyMeaning}
          </p>
          {everything ? null : (
            <fieldset className="space-y-2">
              <legend className="hud-label text-muted-foreground">What to share</legend>
              <ul className="space-y-2">
                <Choice
                  id={`${baseId}-site-map`}
                  label="Site map (the boundary)"
                  checked={chosen.siteMap}
                  onChange={(on) => setChosen((current) => ({ ...current, siteMap: on }))}
                />
                <Choice
                  id={`${baseId}-findings`}
                  label="Findings (listed, and pinned on the site map when it is shared; in the ZIP as findings.csv)"
                  checked={chosen.findings}
                  onChange={(on) => setChosen((current) => ({ ...current, findings: on }))}
                />
                {isAdmin ? (
                  <Choice
                    id={`${baseId}-compliance-packet`}
                    label="Compliance packet (PDF), with the scanned copies of the certificates and policies it names"
                    checked={chosen.compliancePacket}
                    onChange={(on) => setChosen((current) => ({ ...current, compliancePacket: on }))}
                  />
                ) : null}
                {job.reports.map((report) => (
                  <Choice
                    key={`r${report.id}`}
                    id={`${baseId}-report-${report.id}`}
                    label={`Report: ${report.title}`}
                    checked={chosen.reports.includes(report.id)}
                    onChange={(on) => toggle("reports", report.id, on)}
                  />
                ))}
                {job.media.map((item) => (
                  <Choice
                    key={`m${item.id}`}
                    id={`${baseId}-media-${item.id}`}
                    label={`Media: ${item.title}`}
                    checked={chosen.media.includes(item.id)}
                    onChange={(on) => toggle("media", item.id, on)}
                  />
                ))}
                {readyLayers.map((layer) => (
                  <Choice
                    key={`l${layer.id}`}
                    id={`${baseId}-layer-${layer.id}`}
                    label={`Map layer: ${layer.title}`}
                    checked={chosen.layers.includes(layer.id)}
                    onChange={(on) => toggle("layers", layer.id, on)}
                  />
                ))}
              </ul>
            </fieldset>
          )}
          <Button type="submit" disabled={pending}>
            {pending ? "Creating…" : "Create link"}
          </Button>
        </form>
        {created ? (
          <div className="space-y-2 rounded-md border border-primary/60 p-3" role="status">
            <label htmlFor={ids.url} className="hud-label block text-primary">
              New link: copy it now, it is shown only once
            </label>
            <div className="flex flex-wrap gap-2">
              <Input id={ids.url} readOnly value={created} className="min-w-0 flex-1" onFocus={(event) => event.target.select()} />
              <Button type="button" size="sm" variant="outline" onClick={() => void copy()}>
                <Copy aria-hidden />
                Copy link
              </Button>
            </div>
          </div>
        ) : null}
        <section aria-labelledby={`${baseId}-links`} className="space-y-3">
          <h3 id={`${baseId}-links`} className="text-lg font-semibold">
            Links
          </h3>
          <ShareLinkList jobId={job.id} />
        </section>
      </DialogContent>
    </Dialog>
  );
}
