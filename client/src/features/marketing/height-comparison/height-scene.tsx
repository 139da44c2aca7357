import droneArt from "@/assets/illustrations/height-drone.svg";
import { altitudePercent, GROUND_PERCENT, imageScale } from "./heights";

const RULER = [400, 300, 200, 100] as const;

/**
 * The sky column: the drone climbs with the slider and shrinks with distance. The ruler has a gutter
 * of its own, so the drone never covers a label at any width, and the drone is drawn about its
 * centre, which sits on the ruler's line for the slider's height (docs/product.md §9).
 */
export function HeightScene({ feet }: { feet: number }) {
  const scale = imageScale(feet);
  const altitude = `${altitudePercent(feet)}%`;
  return (
    <div
      data-testid="height-scene"
      className="hud-frame hud-grid relative h-[28rem] overflow-hidden rounded-lg border bg-gradient-to-b from-primary/10 to-card"
    >
      <div
        aria-hidden
        className="absolute inset-x-0 bottom-0 border-t border-primary/40 bg-[repeating-linear-gradient(90deg,transparent_0_38px,var(--grid-line)_38px_40px)]"
        style={{ height: `${GROUND_PERCENT}%` }}
      >
        {/* Low buildings, well under the 100 ft line, so the drone never seems to fly below a roof. */}
        <div className="absolute bottom-full left-[30%] h-6 w-16 rounded-t-sm border border-primary/40 bg-card" />
        <div className="absolute bottom-full left-[70%] h-9 w-10 rounded-t-sm border border-primary/40 bg-card" />
        <div className="absolute bottom-full left-[82%] h-5 w-16 rounded-t-sm border border-primary/40 bg-card" />
      </div>
      <ol
        aria-hidden
        data-testid="height-ruler"
        className="absolute inset-y-0 left-0 w-[5.5rem] border-r border-primary/20 font-mono text-xs text-muted-foreground"
      >
        {RULER.map((mark) => (
          <li key={mark} className="absolute left-3 flex translate-y-1/2 items-center gap-2 whitespace-nowrap" style={{ bottom: `${altitudePercent(mark)}%` }}>
            <span data-testid="ruler-tick" data-feet={mark} className="inline-block h-px w-4 bg-primary/60" />
            {mark} ft
          </li>
        ))}
      </ol>
      <div className="absolute inset-y-0 right-0 left-[5.5rem]">
        {/* The current height, level with the drone, from the ruler's edge. */}
        <div
          aria-hidden
          className="absolute inset-x-0 border-t border-dashed border-primary/50 transition-[bottom] duration-300"
          style={{ bottom: altitude }}
        />
        <img
          src={droneArt}
          alt={`Drone at ${feet} feet, drawn at ${Math.round(scale * 100)}% size`}
          data-testid="height-drone"
          data-scale={scale.toFixed(3)}
          width={240}
          height={180}
          className="absolute left-1/2 w-48 max-w-full transition-[bottom,transform] duration-300 sm:w-60"
          style={{ bottom: altitude, transform: `translate(-50%, 50%) scale(${scale})` }}
        />
      </div>
    </div>
  );
}
