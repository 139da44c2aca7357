import { ArrowRight, Images } from "lucide-react";
import { Link } from "wouter";
import type { ServiceDocument } from "@common/site-pages";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { RichText } from "../components/rich-text";

/** Points visitors to the public gallery of finished client work. */
export function GalleryTeaser({ gallery }: { gallery: NonNullable<ServiceDocument["gallery"]> }) {
  return (
    <Card className="flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
      <div className="flex items-start gap-4">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-md border border-primary/40 bg-primary/10 text-primary">
          <Images aria-hidden className="size-5" />
        </span>
        <RichText value={gallery.text} className="max-w-2xl text-muted-foreground" />
      </div>
      <Link href="/gallery" className={buttonVariants({ variant: "outline", size: "lg" })}>
        {gallery.linkLabel}
        <ArrowRight aria-hidden />
      </Link>
    </Card>
  );
}
