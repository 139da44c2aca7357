import { cn } from "@/lib/utils";

interface IllustrationProps {
  src: string;
  alt: string;
  /** Width and height of the SVG's viewBox, so the browser reserves the space before it loads. */
  width: number;
  height: number;
  /** Above the fold: load at once with high priority (it is the page's largest paint). */
  priority?: boolean;
  className?: string;
}

/** A site illustration that scales with its column. */
function Illustration({ src, alt, width, height, priority = false, className }: IllustrationProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      {...(priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
      className={cn("low:h-auto low:w-full", className)}
    />
  );
}

/** An illustration in the HUD frame the service pages show their art in. */
export function FramedIllustration({ frameClassName, ...image }: Omit<IllustrationProps, "className"> & { frameClassName?: string }) {
  return (
    <div className={cn("hud-frame low:rounded-lg low:border low:border-primary/30 low:bg-card/60 low:p-2", frameClassName)}>
      <Illustration {...image} className="rounded-md" />
    </div>
  );
}
