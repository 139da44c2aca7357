import { ArrowRight, Images } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/** Points visitors to the public gallery of finished client work. */
export function GalleryTeaser() {
  return (
    <Card className="flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
      <div className="flex items-start gap-4">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-md border border-primary/40 bg-primary/10 text-primary">
          <Images aria-hidden className="size-5" />
        </span>
        <p className="max-w-2xl text-muted-foreground">
          Browse stills and films from recent real estate, event and commercial missions, published with our clients&apos; permission.
        </p>
      </div>
      <Link href="/gallery" className={buttonVariants({ variant: "outline", size: "lg" })}>
        View our gallery
        <ArrowRight aria-hidden />
      </Link>
    </Card>
  );
}
