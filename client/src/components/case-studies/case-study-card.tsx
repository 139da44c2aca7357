import type { CaseStudyCard as CaseStudyCardData, CaseStudyPicture } from "@common/contract/case-studies";
import { Card } from "@/components/ui/card";

// What a case study looks like wherever it is shown: on the public pages, and as the exact preview
// the customer consents to and the owner drafts (docs/decisions/0066-case-study-consent.md). Types
// only from common/: the public pages must not load zod.

/** Half the card's width at most: the two pictures sit side by side from the smallest screens. */
const SIZES = "(min-width: 1024px) 300px, 45vw";

function Picture({ picture, label }: { picture: CaseStudyPicture; label: string }) {
  const [first] = picture.sources;
  return (
    <figure className="min-w-0 space-y-1">
      <div className="aspect-[4/3] overflow-hidden rounded-md border bg-muted">
        <img
          src={first?.url}
          srcSet={picture.sources.map((source) => `${source.url} ${source.width}w`).join(", ")}
          sizes={SIZES}
          alt={picture.alt}
          width={480}
          height={360}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      </div>
      <figcaption className="hud-label text-xs text-muted-foreground">{label}</figcaption>
    </figure>
  );
}

/** The site's boundary as a small outline (no map tiles needed), north up. */
function SiteOutline({ path }: { path: string }) {
  return (
    <figure className="flex shrink-0 flex-col items-center gap-1">
      <svg viewBox="0 0 100 100" width={72} height={72} role="img" aria-label="Outline of the site" className="rounded-md border bg-muted/40 text-primary">
        <path d={path} fill="currentColor" fillOpacity={0.15} stroke="currentColor" strokeWidth={2} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
      </svg>
      <figcaption className="hud-label text-xs text-muted-foreground">Site</figcaption>
    </figure>
  );
}

/** One case study: before and after, the story, its figures, the site's outline and who it was for. */
export function CaseStudyCard({ study, headingLevel = 3 }: { study: CaseStudyCardData; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  const paragraphs = study.summary.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== "");
  return (
    <Card className="flex h-full flex-col gap-4">
      {study.before || study.after ? (
        <div className="grid grid-cols-2 gap-3">
          {study.before ? <Picture picture={study.before} label="Before" /> : null}
          {study.after ? <Picture picture={study.after} label="After" /> : null}
        </div>
      ) : null}
      <Heading className="text-xl font-semibold break-words">{study.title}</Heading>
      {/* The outline beside the customer's line, not the title: at phone widths the title keeps the card's width. */}
      <div className="flex items-start justify-between gap-4">
        <p className="min-w-0 text-sm break-words text-muted-foreground">For {study.customerLabel}</p>
        {study.outline ? <SiteOutline path={study.outline} /> : null}
      </div>
      <div className="space-y-3 break-words">
        {paragraphs.map((paragraph, index) => (
          <p key={index} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
      {study.figures.length > 0 ? (
        <dl className="mt-auto grid grid-cols-2 gap-3 sm:grid-cols-3">
          {study.figures.map((figure, index) => (
            <div key={index} className="min-w-0 rounded-md border p-2">
              <dt className="hud-label text-xs break-words text-muted-foreground">{figure.label}</dt>
              <dd className="text-base font-semibold break-words sm:text-lg">{figure.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </Card>
  );
}
