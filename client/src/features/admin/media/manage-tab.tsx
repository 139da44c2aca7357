import { Images, Tags, Trash2 } from "lucide-react";
import { useState } from "react";
import type { MediaItem } from "@common/contract/media";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/input";
import { DESTRUCTIVE_OUTLINE } from "./destructive-style";
import { toast } from "@/lib/use-toast";
import { deleteMedia } from "./api/delete-media";
import { useGalleryCategoryList, useSetMediaCategories, useSetMediaCategory } from "./api/gallery-categories";
import { useAdminMedia } from "./api/get-admin-media";
import { removeFromGallery } from "./api/remove-from-gallery";
import { ConfirmDialog, SINGLE_DELETE_MESSAGE } from "./confirm-dialog";
import { GalleryCategoriesPanel } from "./gallery-categories-panel";
import { GalleryManagerItem } from "./gallery-manager-item";
import { mediaKind } from "@/lib/format";
import { EmptyState, LoadingState } from "@/components/ui/panel-states";
import { RefreshingPanelHeader } from "./panel-header";
import { useRefreshMediaLists } from "./use-media-actions";

type Pending = { kind: "single"; item: MediaItem } | { kind: "bulk" } | null;

/** Manage tab: the gallery's categories, then its items, to select, delete (one or many), sort into categories or take out of the gallery. */
export default function ManageTab() {
  const media = useAdminMedia();
  const categories = useGalleryCategoryList().data ?? [];
  const setCategory = useSetMediaCategory();
  const setCategories = useSetMediaCategories();
  const [bulkCategory, setBulkCategory] = useState("");
  const refreshLists = useRefreshMediaLists();
  const items = (media.data ?? []).filter((item) => item.isGalleryItem);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const chosen = items.filter((item) => selected.has(item.id));
  const allSelected = items.length > 0 && chosen.length === items.length;

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const deleteOne = async (item: MediaItem) => {
    const isPhoto = mediaKind(item.fileType) === "image";
    try {
      await deleteMedia(item.id);
      toggle(item.id, false);
      toast({ title: isPhoto ? "Photo deleted" : "Media deleted", description: `"${item.title}" was deleted`, variant: "success" });
    } catch {
      toast({ title: "Error", description: isPhoto ? "Failed to delete photo" : "Failed to delete media file", variant: "destructive" });
    }
  };

  const deleteChosen = async () => {
    try {
      const results = await Promise.allSettled(chosen.map((item) => deleteMedia(item.id)));
      const deleted = results.filter((result) => result.status === "fulfilled").length;
      const failed = results.length - deleted;
      if (deleted === 0) toast({ title: "Delete Failed", description: `${failed} failed`, variant: "destructive" });
      else toast({ title: "Bulk Delete Complete", description: `${deleted} deleted, ${failed} failed`, variant: failed ? "default" : "success" });
      setSelected(new Set(chosen.filter((_, index) => results[index]?.status === "rejected").map((item) => item.id)));
    } catch {
      toast({ title: "Error", description: "Failed to complete bulk delete operation", variant: "destructive" });
    }
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    if (pending.kind === "single") await deleteOne(pending.item);
    else await deleteChosen();
    setBusy(false);
    setPending(null);
    refreshLists();
  };

  const onBulkDelete = () => {
    if (!chosen.length) toast({ title: "No Selection", description: "Please select media files to delete", variant: "destructive" });
    else setPending({ kind: "bulk" });
  };

  const onRemove = async (item: MediaItem) => {
    try {
      await removeFromGallery(item.id);
      toggle(item.id, false);
      toast({ title: "Removed from gallery", description: `"${item.title}" is private again`, variant: "success" });
      refreshLists();
    } catch {
      toast({ title: "Error", description: "Failed to remove from gallery", variant: "destructive" });
    }
  };

  const onCategory = async (item: MediaItem, categoryId: number | null) => {
    const answer = await setCategory.mutateAsync({ id: item.id, categoryId });
    if (answer.ok) toast({ title: answer.data.message, description: `"${item.title}"`, variant: "success" });
    else toast({ title: "The category could not be set", description: answer.message ?? answer.generic, variant: "destructive" });
  };

  const onBulkCategory = async () => {
    if (!chosen.length) {
      toast({ title: "No Selection", description: "Select gallery items to put in a category", variant: "destructive" });
      return;
    }
    const categoryId = bulkCategory === "" ? null : Number(bulkCategory);
    const answer = await setCategories.mutateAsync({ ids: chosen.map((item) => item.id), categoryId });
    if (answer.ok)
      toast({ title: answer.data.message, description: categories.find((category) => category.id === categoryId)?.name ?? "No category", variant: "success" });
    else toast({ title: "The categories could not be set", description: answer.message ?? answer.generic, variant: "destructive" });
  };

  return (
    <>
      <GalleryCategoriesPanel />
      <section aria-labelledby="manage-heading">
        <RefreshingPanelHeader id="manage-heading" title="Gallery manager" refreshing={media.isFetching} onRefresh={() => void media.refetch()}>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-[var(--primary)]"
              checked={allSelected}
              disabled={!items.length}
              onChange={(event) => setSelected(new Set(event.target.checked ? items.map((item) => item.id) : []))}
            />
            Select all
          </label>
          <Button type="button" variant="outline" className={DESTRUCTIVE_OUTLINE} size="sm" onClick={onBulkDelete}>
            <Trash2 aria-hidden />
            Delete selected ({chosen.length})
          </Button>
          {categories.length ? (
            <div className="flex items-center gap-2">
              <NativeSelect aria-label="Category for the selected items" value={bulkCategory} onChange={(event) => setBulkCategory(event.target.value)}>
                <option value="">No category</option>
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </NativeSelect>
              <Button type="button" variant="outline" size="sm" disabled={setCategories.isPending} onClick={() => void onBulkCategory()}>
                <Tags aria-hidden />
                Set category ({chosen.length})
              </Button>
            </div>
          ) : null}
        </RefreshingPanelHeader>
        {media.isPending ? (
          <LoadingState label="Loading gallery items…" />
        ) : items.length ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => (
              <GalleryManagerItem
                key={item.id}
                item={item}
                selected={selected.has(item.id)}
                onSelect={(on) => toggle(item.id, on)}
                onDelete={() => setPending({ kind: "single", item })}
                onRemove={() => void onRemove(item)}
                categories={categories}
                onCategory={(categoryId) => void onCategory(item, categoryId)}
              />
            ))}
          </ul>
        ) : (
          <EmptyState icon={<Images />}>No gallery items yet. Upload some in the Gallery tab, or add media to the gallery from the Media tab.</EmptyState>
        )}
        <ConfirmDialog
          open={pending !== null}
          onOpenChange={(open) => {
            if (!open && !busy) setPending(null);
          }}
          title={pending?.kind === "bulk" ? `Delete ${chosen.length} media ${chosen.length === 1 ? "file" : "files"}?` : "Delete media file?"}
          description={
            pending?.kind === "bulk"
              ? `Are you sure you want to delete the ${chosen.length} selected media files? This action cannot be undone.`
              : SINGLE_DELETE_MESSAGE
          }
          confirmLabel={busy ? "Deleting…" : "Delete"}
          busy={busy}
          onConfirm={() => void confirm()}
        />
      </section>
    </>
  );
}
