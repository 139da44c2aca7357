import type { ServiceDocument } from "@common/site-pages";
import droneArt from "@/assets/illustrations/hero-drone.svg";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { scrollToContact } from "@/lib/scroll";
import { FramedIllustration } from "../components/illustration";
import { RichText } from "../components/rich-text";
import { SpecList } from "../components/spec-list";

/** The camera platform the business flies, with a call to action for a quote. */
export function EquipmentPanel({ equipment }: { equipment: NonNullable<ServiceDocument["equipment"]> }) {
  return (
    <div className="grid items-center gap-10 lg:grid-cols-2">
      <FramedIllustration
        src={droneArt}
        alt="A camera drone in flight framed by heads-up display markings for altitude and heading"
        width={640}
        height={480}
        frameClassName="mx-auto w-full max-w-2xl lg:max-w-none"
      />
      <Card className="border-primary/40">
        <h3 className="text-2xl font-bold tracking-tight">{equipment.panelTitle}</h3>
        <RichText value={equipment.text} className="mt-2 text-muted-foreground" />
        {equipment.specs.length ? <SpecList specs={equipment.specs} className="mt-6 grid gap-x-6 gap-y-4 border-t pt-6 sm:grid-cols-2" /> : null}
        <Button type="button" size="lg" className="mt-8 w-full sm:w-auto" onClick={scrollToContact}>
          {equipment.ctaLabel}
        </Button>
      </Card>
    </div>
  );
}
