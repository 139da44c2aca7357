import { BadgeCheck, ExternalLink, ShieldCheck } from "lucide-react";
import type { PublicBadge } from "@common/contract/site-content";
import { formatDay } from "@/lib/format";
import { Section } from "./section";
import { SectionHeading } from "./section-heading";

/**
 * The business's current certifications and insurance (docs/product.md §2, Certified and insured):
 * what each is, who issued it, its number and how long it holds, as the back office orders them.
 */
export function CertifiedInsured({ items }: { items: readonly PublicBadge[] }) {
  return (
    <Section id="certified-insured" aria-labelledby="certified-insured-heading">
      <SectionHeading id="certified-insured-heading" eyebrow="// Credentials" title="Certified and insured" />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((badge) => {
          const Icon = badge.kind === "insurance" ? ShieldCheck : BadgeCheck;
          return (
            <li key={badge.id} className="hud-frame flex h-full items-start gap-3 rounded-lg border bg-card/80 p-4">
              <Icon aria-hidden className="mt-0.5 size-7 shrink-0 text-primary" />
              <div className="min-w-0 space-y-1">
                <p className="font-semibold break-words">
                  <span className="sr-only">{badge.kind === "insurance" ? "Insurance: " : "Certification: "}</span>
                  {badge.title}
                </p>
                <p className="text-sm break-words text-muted-foreground">{badge.issuer}</p>
                {badge.detail ? <p className="text-sm break-words">{badge.detail}</p> : null}
                {badge.reference || badge.validUntil ? (
                  <p className="text-sm break-words text-muted-foreground">
                    {badge.reference ? <span>No. {badge.reference}</span> : null}
                    {badge.reference && badge.validUntil ? " · " : null}
                    {badge.validUntil ? <span>valid until {formatDay(badge.validUntil)}</span> : null}
                  </p>
                ) : null}
                {badge.link ? (
                  <a
                    href={badge.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
                  >
                    Verify
                    <span className="sr-only"> {badge.title} (opens in a new tab)</span>
                    <ExternalLink aria-hidden className="size-3.5" />
                  </a>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
