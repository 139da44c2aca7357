import { ChevronLeft, ChevronRight } from "lucide-react";
import type { KeyboardEvent } from "react";
import type { GalleryItem } from "@common/contract/media";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { GalleryImage } from "./gallery-image";

const LIGHTBOX_WIDTHS = [960, 1600] as const;

interface LightboxProps {
  images: GalleryItem[];
  /** The open image's position in images, or null when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

/** A large view of one image; Previous/Next buttons or the arrow keys move through them, Escape closes. */
export function Lightbox({ images, index, onIndexChange }: LightboxProps) {
  const image = index === null ? undefined : images[index];
  const count = images.length;
  const position = (index ?? 0) + 1;
  const go = (step: number) => {
    if (index !== null && count) onIndexChange((index + step + count) % count);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
    }
  };

  return (
    <Dialog open={image !== undefined} onOpenChange={(open) => !open && onIndexChange(null)}>
      {image ? (
        <DialogContent className="max-w-5xl gap-4" onKeyDown={onKeyDown}>
          <DialogHeader>
            <DialogTitle>{image.title}</DialogTitle>
            <DialogDescription>
              {image.description || "Aerial photograph"}
              <span className="sr-only">
                {" "}
                — image {position} of {count}. Use the left and right arrow keys to move between images.
              </span>
            </DialogDescription>
          </DialogHeader>
          <div className="flex items-center justify-center overflow-hidden rounded-md border bg-black">
            <GalleryImage
              key={image.id}
              item={image}
              widths={LIGHTBOX_WIDTHS}
              sizes="(min-width: 1024px) 1024px, 100vw"
              alt={image.title}
              width={1600}
              height={900}
              className="h-auto max-h-[70dvh] w-full object-contain"
            />
          </div>
          {count > 1 ? (
            <div className="flex items-center justify-between gap-3">
              <Button type="button" variant="outline" size="sm" onClick={() => go(-1)}>
                <ChevronLeft aria-hidden />
                Previous
              </Button>
              <p className="hud-label text-muted-foreground" aria-hidden>
                {position} / {count}
              </p>
              <Button type="button" variant="outline" size="sm" onClick={() => go(1)}>
                Next
                <ChevronRight aria-hidden />
              </Button>
            </div>
          ) : null}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
