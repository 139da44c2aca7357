import type { HeroPicture as HeroPictureValue } from "@common/site-pages";
import { siteImageAttributes } from "@common/site-images";
import { cn } from "@/lib/utils";

/**
 * How wide the hero's picture shows: its column of the two at lg (half of max-w-7xl less the
 * padding and the gap), the width of the screen below. The browser picks the WebP copy from it.
 */
const HERO_SIZES = "(min-width: 1280px) 584px, (min-width: 1024px) calc(50vw - 56px), calc(100vw - 2rem)";

/**
 * An uploaded picture in a page's hero, in place of the illustration (docs/decisions/0065-page-images.md).
 * Its width and height come with the document, so the browser keeps its space before it loads (no
 * layout shift); it is the page's largest paint, so it loads at once with high priority.
 */
export function HeroPicture({ picture, frameClassName }: { picture: HeroPictureValue; frameClassName?: string }) {
  const { src, srcSet, width, height } = siteImageAttributes(picture.image);
  return (
    <div className={cn("hud-frame low:rounded-lg low:border low:border-primary/30 low:bg-card/60 low:p-2", frameClassName)}>
      <img
        src={src}
        srcSet={srcSet}
        sizes={HERO_SIZES}
        width={width}
        height={height}
        alt={picture.alt}
        decoding="async"
        fetchPriority="high"
        className="block h-auto max-h-[36rem] w-full rounded-md object-cover"
      />
    </div>
  );
}
