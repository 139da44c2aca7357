import { ArrowRight, CirclePlay } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import type { GalleryItem } from "@common/contract/media";
import { buttonVariants } from "@/components/ui/button";
import { Section } from "./section";
import { SectionHeading } from "./section-heading";

/**
 * A tile's picture: the image's default WebP copy (480 px wide, enough for a quarter of the page's
 * width), or the original file if no copy can be had. No srcset: its helper lives with the upload
 * rules, whose module would bring zod to this page.
 */
function MissionImage({ item }: { item: GalleryItem }) {
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = copyFailed ? null : item.thumbnailUrl;
  return (
    <img
      src={copy ?? item.fileUrl}
      onError={copy ? () => setCopyFailed(true) : undefined}
      alt={item.title}
      width={480}
      height={360}
      loading="lazy"
      decoding="async"
      className="size-full object-cover"
    />
  );
}

/** The newest items of the public gallery, with a way to the whole of it (docs/product.md §2). */
export function RecentMissions({ items }: { items: readonly GalleryItem[] }) {
  return (
    <Section id="recent-missions" aria-labelledby="recent-missions-heading" className="border-t">
      <div className="flex flex-wrap items-end justify-between gap-x-8">
        <SectionHeading
          id="recent-missions-heading"
          eyebrow="// Field work"
          title="Recent missions"
          intro="Stills and film from flights we have delivered, published with our clients' permission."
        />
        <Link href="/gallery" className={`${buttonVariants({ variant: "outline" })} mb-10`}>
          View the gallery
          <ArrowRight aria-hidden />
        </Link>
      </div>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Recent missions">
        {items.map((item) => (
          <li key={item.id}>
            <div className="hud-frame aspect-[4/3] overflow-hidden rounded-lg border bg-card/80">
              {item.fileType.toLowerCase().startsWith("video") && item.posterUrl ? (
                <img src={item.posterUrl} alt={item.title} width={480} height={360} loading="lazy" decoding="async" className="size-full object-cover" />
              ) : item.thumbnailUrl || !item.fileType.toLowerCase().startsWith("video") ? (
                <MissionImage item={item} />
              ) : (
                <div role="img" aria-label={item.title} className="flex size-full items-center justify-center">
                  <CirclePlay aria-hidden className="size-10 text-primary" />
                </div>
              )}
            </div>
            {/* The picture's alt text already names it for screen readers. */}
            <p aria-hidden className="mt-2 truncate text-sm font-medium">
              {item.title}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
