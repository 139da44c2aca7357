import { Check } from "lucide-react";
import { useId } from "react";
import type { ServiceDocument } from "@common/site-pages";
import { Button } from "@/components/ui/button";
import { Badge, Card } from "@/components/ui/card";
import { formatBusinessMoney } from "@/lib/format";
import { scrollToContact } from "@/lib/scroll";
import { cn } from "@/lib/utils";
import { RichText } from "./rich-text";

type ServicePackage = ServiceDocument["packages"]["items"][number];

/** A package's price in the business's currency ("from €1,250 per MWp"), "On request", or nothing: SPEC's packages have none (docs/decisions/0061-site-pages.md). */
export function packagePrice(price: ServicePackage["price"]): string | null {
  if (!price) return null;
  if (price.kind === "on-request") return "On request";
  const amount = `${formatBusinessMoney(price.cents)}${price.unit ? ` per ${price.unit}` : ""}`;
  return price.kind === "from" ? `from ${amount}` : amount;
}

interface PackageCardProps extends ServicePackage {
  /** Label of the button that takes the visitor to the contact section. */
  ctaLabel: string;
}

function PackageCard({ name, scope, summary, features, price, recommended, ctaLabel }: PackageCardProps) {
  const headingId = useId();
  const priceText = packagePrice(price);
  return (
    <Card className={cn("flex h-full flex-col", recommended ? "border-primary bg-card shadow-[0_0_48px_-12px_var(--primary)]" : "border-border")}>
      {recommended ? <Badge className="absolute -top-3 right-6 border-primary bg-primary py-1 font-semibold text-primary-foreground">RECOMMENDED</Badge> : null}
      {scope ? <p className="hud-label mb-4 text-muted-foreground">{scope}</p> : null}
      <h3 id={headingId} className="text-2xl font-bold tracking-tight">
        {name}
      </h3>
      {priceText ? <p className="mt-2 font-mono text-xl font-semibold text-primary">{priceText}</p> : null}
      <RichText value={summary} className="mt-3 text-muted-foreground" />
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

/** A service's packages, one column until there is room for three side by side. */
export function PackageGrid({ packages, ctaLabel }: { packages: readonly ServicePackage[]; ctaLabel: string }) {
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
