import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { ShareLink } from "@common/contract/share-links";
import { shareEventText } from "@common/share-links";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { ErrorState, LoadingState } from "@/components/ui/panel-states";
import { formatDateTime } from "@/lib/format";
import { revokeShareLink, shareLinksQuery, useShareLinks } from "@/api/share-links";
import { toast } from "@/lib/use-toast";

const STATE_LABELS: Record<ShareLink["state"], string> = { active: "Active", expired: "Expired", revoked: "Revoked", disabled: "Closed: too many wrong PINs" };

function itemsText(link: ShareLink): string {
  if (!link.items) return "Everything delivered";
  const { reports, media, layers, siteMap, findings, compliancePacket } = link.items;
  return (
    [
      reports.length ? `${reports.length} report(s)` : "",
      media.length ? `${media.length} media` : "",
      layers.length ? `${layers.length} layer(s)` : "",
      siteMap ? "site map" : "",
      findings ? "findings" : "",
      compliancePacket ? "compliance packet" : "",
    ]
      .filter(Boolean)
      .join(", ") || "Nothing chosen"
  );
}

function LinkRow({ link }: { link: ShareLink }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const revoke = async () => {
    setPending(true);
    const answer = await revokeShareLink(link.id);
    setPending(false);
    if (!answer.ok) return toast({ title: "The link could not be revoked", description: answer.message ?? answer.generic, variant: "destructive" });
    toast({ title: "Share link revoked", description: "It stopped working at once.", variant: "success" });
    await queryClient.invalidateQueries({ queryKey: shareLinksQuery(link.jobId).queryKey });
  };
  const label = `Link made ${formatDateTime(link.createdAt)}`;
  return (
    <li className="space-y-2 border-b border-border/60 pb-3 last:border-b-0" aria-label={label}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">{label}</p>
        <Badge>{STATE_LABELS[link.state]}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {`${link.state === "expired" ? "Expired" : "Expires"} ${formatDateTime(link.expiresAt)} · ${link.hasPin ? "PIN" : "No PIN"} · ${link.allowDownload ? "Downloads allowed" : "View only"} · ${itemsText(link)}`}
        {link.createdByName ? ` · by ${link.createdByName}` : ""}
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer text-primary">{`Access log (${link.log.length})`}</summary>
        {link.log.length ? (
          <ul className="mt-2 space-y-1">
            {link.log.map((entry, index) => (
              <li key={index}>
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                {` · ${entry.address} · ${shareEventText(entry)}`}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-muted-foreground">Nobody has opened it yet.</p>
        )}
      </details>
      {link.state === "active" ? (
        <Button type="button" size="sm" variant="destructive" disabled={pending} onClick={() => void revoke()}>
          {pending ? "Revoking…" : "Revoke"}
          <span className="sr-only">{` the ${label.toLowerCase()}`}</span>
        </Button>
      ) : null}
    </li>
  );
}

/** The job's links, newest first, each with its access log and, while active, Revoke. */
export function ShareLinkList({ jobId }: { jobId: number }) {
  const links = useShareLinks(jobId);
  if (links.isPending) return <LoadingState label="Loading the share links…" />;
  if (links.isError) return <ErrorState>{links.error.message}</ErrorState>;
  if (!links.data.length) return <p className="text-muted-foreground">No links yet.</p>;
  return (
    <ul className="space-y-3">
      {links.data.map((link) => (
        <LinkRow key={link.id} link={link} />
      ))}
    </ul>
  );
}
