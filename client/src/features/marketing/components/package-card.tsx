import { Check } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Badge, Card } from "@/components/ui/card";
import { scrollToContact } from "@/lib/scroll";
import { cn } from "@/lib/utils";

export interface ServicePackage {
  name: string;
  /** Who or what the package is for, in one line. */
  scope: string;
  summary: string;
  features: string[];
  recommended?: boolean;
}

interface PackageCardProps extends ServicePackage {
  /** Label of the button that takes the visitor to the contact section. */
  ctaLabel: string;
}

// Prices are not published (docs/product.md §2): each package states what it includes and the button opens the inquiry.
function PackageCard({ name, scope, summary, features, recommended = false, ctaLabel }: PackageCardProps) {
  const headingId = useId();
  return (
    <Card className={cn("flex h-full flex-col", recommended ? "border-primary bg-card shadow-[0_0_48px_-12px_var(--primary)]" : "border-border")}>
      {recommended ? <Badge className="absolute -top-3 right-6 border-primary bg-primary py-1 font-semibold text-primary-foreground">RECOMMENDED</Badge> : null}
      <p className="hud-label mb-4 text-muted-foreground">{scope}</p>
      <h3 id={headingId} className="text-2xl font-bold tracking-tight">
        {name}
      </h3>
      <p className="mt-3 text-muted-foreground">{summary}</p>
      <ul className="mt-6 flex-1 space-y-3 border-t pt-6">
        {features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <Button type="button" variant={recommended ? "default" : "outline"} className="mt-8 w-full" aria-describedby={headingId} onClick={scrollToContact}>
        {ctaLabel}
      </Button>
    </Card>
  );
}

/** The three packages of a service, one column until there is room for all three side by side. */
export function PackageGrid({ packages, ctaLabel }: { packages: ServicePackage[]; ctaLabel: string }) {
  return (
    <ul className="mx-auto grid max-w-2xl gap-6 lg:max-w-none lg:grid-cols-3">
      {packages.map((pkg) => (
        <li key={pkg.name}>
          <PackageCard {...pkg} ctaLabel={ctaLabel} />
        </li>
      ))}
    </ul>
  );
}
