import { BadgeCheck, ShieldCheck } from "lucide-react";
import type { Badge as SiteBadge } from "@common/contract/site-content";
import { BADGE_KIND_LABELS } from "@common/site-badges";
import { Badge, Card } from "@/components/ui/card";
import { CardList, ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import { formatDay } from "@/lib/format";
import { STATUS_TONES } from "@/lib/status-tones";
import { DeleteButton, MoveButtons, toastOf, VisibilityButton } from "../row-actions";
import { useAdminBadges, useDeleteBadge, useMoveBadge, useUpdateBadge } from "./api/site-content";
import { BadgeDialog } from "./badge-dialog";

/** Where the badge stands on the public pages: expired (lapsed, whatever its switch says), shown or hidden. */
function BadgeState({ badge }: { badge: SiteBadge }) {
  if (badge.expired) return <Badge className={STATUS_TONES.bad}>Expired</Badge>;
  return <Badge className={STATUS_TONES[badge.shown ? "good" : "quiet"]}>{badge.shown ? "Shown" : "Hidden"}</Badge>;
}

/** One badge with its actions: move up or down, edit, show or hide, delete (asked first). */
function BadgeCard({ badge, first, last }: { badge: SiteBadge; first: boolean; last: boolean }) {
  const update = useUpdateBadge();
  const move = useMoveBadge();
  const remove = useDeleteBadge();
  const { id, title, shown } = badge;
  const busy = update.isPending || move.isPending || remove.isPending;
  const Icon = badge.kind === "insurance" ? ShieldCheck : BadgeCheck;

  const onMove = async (direction: "up" | "down") => toastOf(await move.mutateAsync({ id, direction }), "The order could not be saved", title);
  const onShow = async () => toastOf(await update.mutateAsync({ id, shown: !shown }), "The badge could not be changed", title);
  const onDelete = async () => toastOf(await remove.mutateAsync(id), "The badge could not be deleted", title);

  return (
    <Card className="space-y-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <Icon aria-hidden className="mt-0.5 size-6 shrink-0 text-primary" />
          <div className="min-w-0">
            <p className="font-semibold break-words">{title}</p>
            <p className="text-sm break-words text-muted-foreground">
              {BADGE_KIND_LABELS[badge.kind]} · {badge.issuer}
              {badge.reference ? ` · No. ${badge.reference}` : ""}
            </p>
            {badge.detail ? <p className="text-sm break-words">{badge.detail}</p> : null}
            <p className="text-sm text-muted-foreground">
              {badge.validUntil ? `${badge.expired ? "Lapsed after" : "Valid until"} ${formatDay(badge.validUntil)}` : "No end date"}
            </p>
          </div>
        </div>
        <BadgeState badge={badge} />
      </div>
      <div className="flex flex-wrap gap-2">
        <MoveButtons name={title} first={first} last={last} busy={busy} onMove={(direction) => void onMove(direction)} />
        <BadgeDialog badge={badge} />
        <VisibilityButton name={title} shown={shown} words={{ show: "Show", hide: "Hide" }} disabled={busy} onToggle={() => void onShow()} />
        <DeleteButton
          name={title}
          busy={busy}
          deleting={remove.isPending}
          confirm={{ title: "Delete badge", description: `"${title}" leaves the site and the back office. This cannot be undone; Hide keeps it for later.` }}
          onDelete={onDelete}
        />
      </div>
    </Card>
  );
}

/** The certifications and insurance the home and service pages show, shown and unexpired ones only, in this order (docs/product.md §2). */
export function BadgesPanel() {
  const badges = useAdminBadges();
  return (
    <ListPanel
      id="badges-heading"
      title="Certifications and insurance"
      actions={<BadgeDialog />}
      query={badges}
      loadingLabel="Loading the badges…"
      loadError="The badges could not be loaded."
      empty={
        <EmptyState icon={<ShieldCheck />}>
          No badges yet. Certificates and insurance you add show on the home and service pages until their last valid day.
        </EmptyState>
      }
    >
      {(items) => (
        <CardList items={items}>{(badge) => <BadgeCard badge={badge} first={badge.id === items[0]?.id} last={badge.id === items.at(-1)?.id} />}</CardList>
      )}
    </ListPanel>
  );
}
