import droneArt from "@/assets/illustrations/height-drone.svg";
import { HEIGHT_MAX_FT, HEIGHT_MIN_FT, imageScale } from "./heights";

const RULER = [400, 300, 200, 100] as const;

/** Where a height sits in the scene, as % from the bottom (the ground takes the lowest 16%). */
function altitudePercent(feet: number): number {
  return 18 + ((feet - HEIGHT_MIN_FT) / (HEIGHT_MAX_FT - HEIGHT_MIN_FT)) * 62;
}

/** The sky column: the drone climbs with the slider and shrinks with distance. */
export function HeightScene({ feet }: { feet: number }) {
  const scale = imageScale(feet);
  return (
    <div className="hud-frame hud-grid relative h-[28rem] overflow-hidden rounded-lg border bg-gradient-to-b from-primary/10 to-card">
      <ol aria-hidden className="font-mono text-xs text-muted-foreground">
        {RULER.map((mark) => (
          <li key={mark} className="absolute left-3 flex translate-y-1/2 items-center gap-2" style={{ bottom: `${altitudePercent(mark)}%` }}>
            <span className="inline-block h-px w-4 bg-primary/60" />
            {mark} ft
          </li>
        ))}
      </ol>
      <img
        src={droneArt}
        alt={`Drone at ${feet} feet, drawn at ${Math.round(scale * 100)}% size`}
        data-testid="height-drone"
        data-scale={scale.toFixed(3)}
        width={240}
        height={180}
        className="absolute left-1/2 w-56 origin-bottom transition-[bottom,transform] duration-300 sm:w-64"
        style={{ bottom: `${altitudePercent(feet)}%`, transform: `translateX(-50%) scale(${scale})` }}
      />
      <div aria-hidden className="absolute inset-x-0 bottom-0 h-[16%] border-t border-primary/40 bg-[repeating-linear-gradient(90deg,transparent_0_38px,var(--grid-line)_38px_40px)]">
        <div className="absolute bottom-full left-[12%] h-10 w-16 rounded-t-sm border border-primary/40 bg-card" />
        <div className="absolute bottom-full left-[70%] h-16 w-10 rounded-t-sm border border-primary/40 bg-card" />
        <div className="absolute bottom-full left-[80%] h-7 w-20 rounded-t-sm border border-primary/40 bg-card" />
      </div>
    </div>
  );
}
