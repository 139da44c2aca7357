import { Plus, Save, Tags } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { GalleryCategory } from "@common/contract/media";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { EmptyState, LoadingState } from "@/components/ui/panel-states";
import {
  useAddGalleryCategory,
  useDeleteGalleryCategory,
  useGalleryCategoryList,
  useMoveGalleryCategory,
  useRenameGalleryCategory,
} from "./api/gallery-categories";
import { DeleteButton, MoveButtons, toastOf } from "../row-actions";

/** One category: its name to edit in place, its place in the order, and Delete (asked first; its items stay). */
function CategoryRow({ category, first, last }: { category: GalleryCategory; first: boolean; last: boolean }) {
  const rename = useRenameGalleryCategory();
  const move = useMoveGalleryCategory();
  const remove = useDeleteGalleryCategory();
  const [name, setName] = useState(category.name);
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
        <MoveButtons
          name={category.name}
          first={first}
          last={last}
          busy={busy}
          compact
          onMove={(direction) =>
            void move.mutateAsync({ id: category.id, direction }).then((answer) => toastOf(answer, "The order could not be saved", category.name))
          }
        />
        <DeleteButton
          name={category.name}
          busy={busy}
          deleting={remove.isPending}
          compact
          confirm={{
            title: "Delete category",
            description: `"${category.name}" goes; its ${category.items} ${category.items === 1 ? "item stays" : "items stay"} in the gallery without a category.`,
          }}
          onDelete={async () => toastOf(await remove.mutateAsync(category.id), "The category could not be deleted", category.name)}
        />
      </div>
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
