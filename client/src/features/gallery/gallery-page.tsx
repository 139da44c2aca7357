import { Images } from "lucide-react";
import { useState } from "react";
import { VideoDuration, VideoPlayer } from "@/components/media/video-player";
import { PageHeading } from "@/components/ui/page-heading";
import { withQueries } from "@/lib/with-queries";
import { isVideo, useGallery } from "./api/get-gallery";
import { GalleryImage } from "./gallery-image";
import { Lightbox } from "./lightbox";

// One column on phones, two from 640 px, three from 1024 px in a row of at most 1280 px.
const TILE_SIZES = "(min-width: 1280px) 390px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";
const TILE_WIDTHS = [480, 960] as const;
const tile = "hud-frame block aspect-video w-full overflow-hidden rounded-lg border bg-card/80";

/** The public gallery (docs/product.md §2, photography page): images open a lightbox, videos play in place. */
function GalleryPage() {
  const gallery = useGallery();
  const items = gallery.data ?? [];
  const images = items.filter((item) => !isVideo(item));
  const [openIndex, setOpenIndex] = useState<number | null>(null);

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
          {gallery.isPending ? (
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
