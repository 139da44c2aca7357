import { EyeOff, Trash2 } from "lucide-react";
import type { GalleryCategory, MediaItem } from "@common/contract/media";
import { Button } from "@/components/ui/button";
import { DESTRUCTIVE_OUTLINE } from "./destructive-style";
import { Card } from "@/components/ui/card";
import { NativeSelect } from "@/components/ui/input";
import { formatDate } from "@/lib/format";
import { MediaThumbnail } from "./media-thumbnail";

interface GalleryManagerItemProps {
  item: MediaItem;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onDelete: () => void;
  onRemove: () => void;
  /** The gallery's categories, for the item's own choice; none: no choice shown. */
  categories: readonly GalleryCategory[];
  onCategory: (categoryId: number | null) => void;
}

/** One gallery item in the manager: its thumbnail, a selection box, Delete and Remove from Gallery. */
export function GalleryManagerItem({ item, selected, onSelect, onDelete, onRemove, categories, onCategory }: GalleryManagerItemProps) {
  const checkboxId = `manage-select-${item.id}`;
  const categoryId = `manage-category-${item.id}`;
  return (
    <li>
      <Card className={selected ? "flex h-full flex-col gap-4 border-primary p-4" : "flex h-full flex-col gap-4 p-4"}>
        <MediaThumbnail item={item} />
        <div className="flex items-start gap-3">
          <input
            id={checkboxId}
            type="checkbox"
            className="mt-1 size-4 shrink-0 accent-[var(--primary)]"
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
          />
          <label htmlFor={checkboxId} className="min-w-0 flex-1 space-y-1">
            <span className="block font-semibold break-words">
              <span className="sr-only">Select </span>
              {item.title}
            </span>
            <time dateTime={item.createdAt} className="block text-sm text-muted-foreground">
              {formatDate(item.createdAt)}
            </time>
          </label>
        </div>
        {categories.length ? (
          <div className="flex items-center gap-2">
            <label htmlFor={categoryId} className="text-sm text-muted-foreground">
              Category
            </label>
            <NativeSelect
              id={categoryId}
              className="min-w-0 flex-1"
              value={item.categoryId ?? ""}
              aria-label={`Category of ${item.title}`}
              onChange={(event) => onCategory(event.target.value === "" ? null : Number(event.target.value))}
            >
              <option value="">None</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={onRemove} aria-label={`Remove from Gallery: ${item.title}`}>
            <EyeOff aria-hidden />
            Remove from Gallery
          </Button>
          <Button type="button" variant="outline" className={DESTRUCTIVE_OUTLINE} size="sm" onClick={onDelete} aria-label={`Delete ${item.title}`}>
            <Trash2 aria-hidden />
            Delete
          </Button>
        </div>
      </Card>
    </li>
  );
}
