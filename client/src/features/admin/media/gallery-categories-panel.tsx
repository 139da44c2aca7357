import { ArrowDown, ArrowUp, Plus, Save, Tags, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { GalleryCategory } from "@common/contract/media";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { EmptyState, LoadingState } from "@/components/ui/panel-states";
import type { Answer } from "@/lib/api";
import { toast } from "@/lib/use-toast";
import {
  useAddGalleryCategory,
  useDeleteGalleryCategory,
  useGalleryCategoryList,
  useMoveGalleryCategory,
  useRenameGalleryCategory,
} from "./api/gallery-categories";
import { ConfirmDialog } from "./confirm-dialog";
import { DESTRUCTIVE_OUTLINE } from "./destructive-style";

/** A write's toast: its message, or the server's reason it was refused (a 400's first field message). */
function toastOf(answer: Answer<{ message: string }>, failed: string, description: string): boolean {
  if (answer.ok) toast({ title: answer.data.message, description, variant: "success" });
  else toast({ title: failed, description: answer.message ?? answer.generic, variant: "destructive" });
  return answer.ok;
}

/** One category: its name to edit in place, its place in the order, and Delete (asked first; its items stay). */
function CategoryRow({ category, first, last }: { category: GalleryCategory; first: boolean; last: boolean }) {
  const rename = useRenameGalleryCategory();
  const move = useMoveGalleryCategory();
  const remove = useDeleteGalleryCategory();
  const [name, setName] = useState(category.name);
  const [confirming, setConfirming] = useState(false);
  const busy = rename.isPending || move.isPending || remove.isPending;
  const inputId = `gallery-category-${category.id}`;

  const onRename = async (event: FormEvent) => {
    event.preventDefault();
    if (!toastOf(await rename.mutateAsync({ id: category.id, name }), "The category could not be renamed", name)) setName(category.name);
  };

  return (
    <li className="flex flex-wrap items-center gap-2 rounded-lg border bg-card/80 p-3">
      <form onSubmit={(event) => void onRename(event)} className="flex min-w-0 flex-1 basis-64 items-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          Name of the category {category.name}
        </label>
        <Input id={inputId} value={name} onChange={(event) => setName(event.target.value)} className="min-w-0 flex-1" />
        <Button type="submit" size="sm" variant="outline" disabled={busy || name.trim() === category.name} aria-label={`Rename ${category.name}`}>
          <Save aria-hidden />
          Rename
        </Button>
      </form>
      <span className="text-sm text-muted-foreground">
        {category.items} {category.items === 1 ? "item" : "items"} · /gallery?category={category.slug}
      </span>
      <div className="flex gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={first || busy}
          aria-label={`Move up: ${category.name}`}
          onClick={() =>
            void move.mutateAsync({ id: category.id, direction: "up" }).then((answer) => toastOf(answer, "The order could not be saved", category.name))
          }
        >
          <ArrowUp aria-hidden />
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={last || busy}
          aria-label={`Move down: ${category.name}`}
          onClick={() =>
            void move.mutateAsync({ id: category.id, direction: "down" }).then((answer) => toastOf(answer, "The order could not be saved", category.name))
          }
        >
          <ArrowDown aria-hidden />
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          className={DESTRUCTIVE_OUTLINE}
          disabled={busy}
          onClick={() => setConfirming(true)}
          aria-label={`Delete category ${category.name}`}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete category"
        description={`"${category.name}" goes; its ${category.items} ${category.items === 1 ? "item stays" : "items stay"} in the gallery without a category.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() =>
          void remove.mutateAsync(category.id).then((answer) => {
            setConfirming(false);
            toastOf(answer, "The category could not be deleted", category.name);
          })
        }
      />
    </li>
  );
}

/** The gallery's categories (docs/product.md §2, Gallery): the public page's chips, in this order, for those holding a public item. */
export function GalleryCategoriesPanel() {
  const categories = useGalleryCategoryList();
  const add = useAddGalleryCategory();
  const [name, setName] = useState("");

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    if (toastOf(await add.mutateAsync(name), "The category could not be added", name)) setName("");
  };

  const items = categories.data ?? [];
  return (
    <section aria-labelledby="gallery-categories-heading" className="mb-10 space-y-4">
      <h2 id="gallery-categories-heading" className="text-xl font-semibold">
        Gallery categories
      </h2>
      <form onSubmit={(event) => void onAdd(event)} className="flex max-w-xl flex-wrap gap-2">
        <label htmlFor="new-gallery-category" className="sr-only">
          New category's name
        </label>
        <Input
          id="new-gallery-category"
          placeholder="New category, e.g. Solar farms"
          value={name}
          onChange={(event) => setName(event.target.value)}
          className="min-w-0 flex-1 basis-48"
        />
        <Button type="submit" disabled={add.isPending}>
          <Plus aria-hidden />
          Add category
        </Button>
      </form>
      {categories.isPending ? (
        <LoadingState label="Loading the categories…" />
      ) : items.length ? (
        <ul className="space-y-2">
          {items.map((category) => (
            <CategoryRow
              key={`${category.id}-${category.name}`}
              category={category}
              first={category.id === items[0]?.id}
              last={category.id === items.at(-1)?.id}
            />
          ))}
        </ul>
      ) : (
        <EmptyState icon={<Tags />}>No categories yet. With some, the public gallery gets chips to filter by them.</EmptyState>
      )}
    </section>
  );
}
