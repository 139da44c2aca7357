import droneArt from "@/assets/illustrations/hero-drone.svg";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { scrollToContact } from "@/lib/scroll";
import { FramedIllustration } from "../components/illustration";
import { SpecList } from "../components/spec-list";

const EQUIPMENT = [
  { label: "Video", value: "8K capture, 4K ProRes delivery" },
  { label: "Stills", value: "48MP RAW and JPEG" },
  { label: "Stabilisation", value: "3-axis gimbal" },
  { label: "Transmission range", value: "10 km line of sight" },
  { label: "Colour", value: "10-bit log profile for grading" },
  { label: "Safety", value: "Omnidirectional obstacle sensing" },
] as const;

/** The camera platform we fly, with a call to action for a quote. */
export function EquipmentPanel() {
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
        <h3 className="text-2xl font-bold tracking-tight">Cinema Flight Kit</h3>
        <p className="mt-2 text-muted-foreground">
          Every production flies a professional cinema platform with redundant batteries and a spare airframe on site, so the shot happens when the light is
          right.
        </p>
        <SpecList specs={EQUIPMENT} className="mt-6 grid gap-x-6 gap-y-4 border-t pt-6 sm:grid-cols-2" />
        <Button type="button" size="lg" className="mt-8 w-full sm:w-auto" onClick={scrollToContact}>
          Get a Quote
        </Button>
      </Card>
    </div>
  );
}
