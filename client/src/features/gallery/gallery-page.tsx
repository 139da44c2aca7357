import { Images } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "wouter";
import type { PublicGalleryCategory } from "@common/contract/media";
import { VideoDuration, VideoPlayer } from "@/components/media/video-player";
import { PageHeading } from "@/components/ui/page-heading";
import { withQueries } from "@/lib/with-queries";
import { cn } from "@/lib/utils";
import { isVideo, useGallery, useGalleryCategories } from "./api/get-gallery";
import { GalleryImage } from "./gallery-image";
import { Lightbox } from "./lightbox";

// One column on phones, two from 640 px, three from 1024 px in a row of at most 1280 px.
const TILE_SIZES = "(min-width: 1280px) 390px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";
const TILE_WIDTHS = [480, 960] as const;
const tile = "hud-frame block aspect-video w-full overflow-hidden rounded-lg border bg-card/80";

const chip =
  "inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/**
 * "All" and each category holding a public item; the choice lives in the address (?category=slug),
 * so a filtered gallery can be shared and Back returns to the choice before.
 */
function CategoryChips({
  categories,
  active,
  onChoose,
}: {
  categories: readonly PublicGalleryCategory[];
  active: string | null;
  onChoose: (slug: string | null) => void;
}) {
  const choices = [{ slug: null, name: "All" }, ...categories];
  return (
    <ul aria-label="Filter by category" className="mb-8 flex flex-wrap gap-2">
      {choices.map((choice) => {
        const pressed = choice.slug === active;
        return (
          <li key={choice.slug ?? ""} className="max-w-full">
            <button
              type="button"
              aria-pressed={pressed}
              onClick={() => onChoose(choice.slug)}
              className={cn(chip, "max-w-full break-words", pressed ? "border-primary bg-primary text-primary-foreground" : "bg-card/80 hover:border-primary")}
            >
              {choice.name}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The public gallery (docs/product.md §2, photography page): images open a lightbox, videos play in
 * place; category chips filter it when the back office has sorted items into categories.
 */
function GalleryPage() {
  const gallery = useGallery();
  const categories = useGalleryCategories();
  const [params, setParams] = useSearchParams();
  const chosen = params.get("category");
  // A slug no chip has (a category renamed or emptied since the link was shared) shows everything.
  const active = (categories.data ?? []).some((category) => category.slug === chosen) ? chosen : null;
  const items = (gallery.data ?? []).filter((item) => active === null || item.category?.slug === active);
  const images = items.filter((item) => !isVideo(item));
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  // Chips and items appear together, once both answers are in: nothing moves after the first paint of either.
  const pending = gallery.isPending || categories.isPending;
  const choose = (slug: string | null) => {
    setOpenIndex(null);
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (slug === null) next.delete("category");
      else next.set("category", slug);
      return next;
    });
  };

  return (
    <>
      <PageHeading eyebrow="// Aerial portfolio" title="Gallery" publicPage>
        <p className="mt-4 max-w-2xl text-muted-foreground">
          Photographs and film from our recent missions: solar arrays, farmland, properties and events, seen from above.
        </p>
      </PageHeading>
      <section aria-label="Gallery items" className="px-4 py-12 sm:px-6 lg:px-8">
        {/* Loading, empty and filled all start the contact section below the first screen: no layout shift. */}
        <div className="mx-auto min-h-[60vh] max-w-7xl">
          {!pending && categories.data?.length ? <CategoryChips categories={categories.data} active={active} onChoose={choose} /> : null}
          {pending ? (
            <p role="status" className="hud-label py-8 text-primary">
              Loading the gallery…
            </p>
          ) : items.length ? (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((item) => (
                <li key={item.id} className="space-y-2">
                  {isVideo(item) ? (
                    <div className={`${tile} relative`}>
                      <VideoPlayer src={item.fileUrl} posterUrl={item.posterUrl} title={item.title} className="size-full bg-black object-contain" />
                      <VideoDuration seconds={item.durationSeconds} />
                    </div>
                  ) : (
                    <button
                      type="button"
                      className={`${tile} group focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring`}
                      onClick={() => setOpenIndex(images.indexOf(item))}
                      aria-label={`Open ${item.title}`}
                    >
                      <GalleryImage
                        item={item}
                        widths={TILE_WIDTHS}
                        sizes={TILE_SIZES}
                        alt=""
                        width={640}
                        height={360}
                        loading="lazy"
                        decoding="async"
                        className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
                      />
                    </button>
                  )}
                  <div>
                    <h2 className="font-semibold break-words">{item.title}</h2>
                    {item.description ? <p className="text-sm break-words text-muted-foreground">{item.description}</p> : null}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <div className="hud-grid flex flex-col items-center gap-4 rounded-lg border border-dashed px-6 py-16 text-center">
              <Images aria-hidden className="size-10 text-primary" />
              <p className="max-w-md text-muted-foreground">
                {gallery.isError
                  ? "The gallery couldn't be loaded right now. Please try again later."
                  : "No gallery items yet. Check back soon for our latest aerial work."}
              </p>
            </div>
          )}
        </div>
      </section>
      <Lightbox images={images} index={openIndex} onIndexChange={setOpenIndex} />
    </>
  );
}

export default withQueries(GalleryPage);
