import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import type { AdminMediaItem } from "@common/contract/media";
import { Button } from "@/components/ui/button";
import { Badge, Card } from "@/components/ui/card";
import { toast } from "@/lib/use-toast";
import { cn } from "@/lib/utils";
import { setGallery } from "./api/set-gallery";
import { formatDate } from "@/lib/format";
import { ConfirmDialog } from "./confirm-dialog";
import { DeleteDeliverableButton } from "./delete-deliverable-button";
import { MediaThumbnail } from "./media-thumbnail";
import { RenameButton } from "./rename-button";
import { useRefreshMediaLists } from "./use-media-actions";

/** What the admin is asked before a customer's media item becomes public (docs/product.md §2, Back office: Media): whose it is, and who will see it. */
const publishQuestion = (item: AdminMediaItem) =>
  `"${item.title}" belongs to ${item.ownerName}. Adding it to the gallery makes it visible to everyone on the public gallery page.`;

/**
 * Media cards, each with its owner's name, the Public/Private switch and the Add to / Remove from
 * Gallery action (both PATCH …/gallery; making an item public asks first), Rename and Delete.
 */
export function MediaAdminList({ items }: { items: AdminMediaItem[] }) {
  const refreshLists = useRefreshMediaLists();
  const [updating, setUpdating] = useState<ReadonlySet<number>>(new Set());
  const [publishing, setPublishing] = useState<AdminMediaItem | null>(null);

  const change = async (item: AdminMediaItem, isGalleryItem: boolean) => {
    setUpdating((current) => new Set(current).add(item.id));
    try {
      await setGallery(item.id, isGalleryItem);
      toast({
        title: isGalleryItem ? "Added to gallery" : "Removed from gallery",
        description: `"${item.title}" is now ${isGalleryItem ? "public" : "private"}`,
        variant: "success",
      });
      refreshLists();
    } catch {
      toast({ title: "Error", description: "Failed to update gallery status", variant: "destructive" });
    } finally {
      setUpdating((current) => {
        const next = new Set(current);
        next.delete(item.id);
        return next;
      });
    }
  };

  // Taking an item out of the gallery hides it at once; putting one in shows it to everyone, so that asks.
  const ask = (item: AdminMediaItem, isGalleryItem: boolean) => (isGalleryItem ? setPublishing(item) : void change(item, false));

  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => {
          const busy = updating.has(item.id);
          const isPublic = item.isGalleryItem;
          return (
            <li key={item.id}>
              <Card className="flex h-full flex-col gap-4 p-4">
                <MediaThumbnail item={item} />
                <div className="flex-1 space-y-1">
                  <h3 className="font-semibold break-words">{item.title}</h3>
                  {item.description ? <p className="text-sm break-words text-muted-foreground">{item.description}</p> : null}
                  <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
                    <Badge className={isPublic ? undefined : "border-muted-foreground/50 bg-muted text-muted-foreground"}>
                      {isPublic ? "Public" : "Private"}
                    </Badge>
                    <span>{item.ownerName}</span>
                    <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
                  </div>
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <button
                    type="button"
                    aria-pressed={isPublic}
                    aria-label={`Public: ${item.title}`}
                    disabled={busy}
                    onClick={() => ask(item, !isPublic)}
                    className="hud-label inline-flex items-center gap-2 rounded-md px-1 py-1 text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
                  >
                    <span
                      aria-hidden
                      className={cn(
                        "relative h-5 w-9 rounded-full border transition-colors",
                        isPublic ? "border-primary bg-primary/30" : "border-input bg-muted",
                      )}
                    >
                      <span
                        className={cn(
                          "absolute top-0.5 size-3.5 rounded-full transition-all",
                          isPublic ? "left-[1.15rem] bg-primary" : "left-0.5 bg-muted-foreground",
                        )}
                      />
                    </span>
                    Public
                  </button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={busy}
                    onClick={() => ask(item, !isPublic)}
                    aria-label={`${isPublic ? "Remove from Gallery" : "Add to Gallery"}: ${item.title}`}
                  >
                    {isPublic ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
                    {isPublic ? "Remove from Gallery" : "Add to Gallery"}
                  </Button>
                </div>
                <div className="flex flex-wrap gap-2">
                  <RenameButton kind="media" item={item} />
                  <DeleteDeliverableButton kind="media" item={item} />
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={publishing !== null}
        onOpenChange={(open) => {
          if (!open) setPublishing(null);
        }}
        title="Add to the public gallery?"
        description={publishing ? publishQuestion(publishing) : ""}
        confirmLabel="Add to Gallery"
        destructive={false}
        onConfirm={() => {
          if (publishing) void change(publishing, true);
          setPublishing(null);
        }}
      />
    </>
  );
}
