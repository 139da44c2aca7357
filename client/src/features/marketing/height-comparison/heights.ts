/** docs/product.md §9: slider range, step and default, and the image scale floor. */
export const HEIGHT_MIN_FT = 100;
export const HEIGHT_MAX_FT = 400;
export const HEIGHT_STEP_FT = 10;
export const HEIGHT_DEFAULT_FT = 200;
const MIN_SCALE = 0.5;

export interface DescribedHeight {
  feet: 100 | 200 | 300 | 400;
  name: string;
  description: string;
}

const DESCRIBED_HEIGHTS: DescribedHeight[] = [
  {
    feet: 100,
    name: "Detail altitude",
    description: "Close enough to read a panel serial plate or a cracked roof tile; the footprint is small, so the drone flies more lines.",
  },
  {
    feet: 200,
    name: "Overview altitude",
    description: "The sweet spot for property and site shots: the whole building and its grounds in frame, with textures still crisp.",
  },
  {
    feet: 300,
    name: "Survey altitude",
    description: "Wide swaths for mapping fields and solar farms quickly, while the imagery still resolves individual rows and arrays.",
  },
  {
    feet: 400,
    name: "Regulatory ceiling",
    description: "The FAA Part 107 limit above ground level: maximum coverage per pass and the full context of the landscape.",
  },
];

export type Band = "low" | "medium" | "high";

export interface BandGuidance {
  band: Band;
  range: string;
  bestFor: string[];
  technicalNotes: string[];
}

/** docs/product.md §9 bands: low 100-165 ft, medium 165-260 ft, high 260-400 ft (the upper bound belongs to the next band). */
export const BAND_GUIDANCE: Record<Band, BandGuidance> = {
  low: {
    band: "low",
    range: "100-165 ft",
    bestFor: ["Solar cell-level thermal inspection", "Roof and facade detail", "Close-up property features"],
    technicalNotes: [
      "Ground sample distance about 0.8 cm/pixel",
      "Narrow footprint: more flight lines per acre",
      "Obstacle clearance checked before every pass",
    ],
  },
  medium: {
    band: "medium",
    range: "165-260 ft",
    bestFor: ["Real estate overviews", "Crop scouting and spot checks", "Construction progress records"],
    technicalNotes: ["Ground sample distance about 1.6 cm/pixel", "Balanced detail and coverage", "Ideal for oblique cinematic shots"],
  },
  high: {
    band: "high",
    range: "260-400 ft",
    bestFor: ["Large-area mapping and orthomosaics", "Whole-farm NDVI surveys", "Landscape and context shots"],
    technicalNotes: ["Ground sample distance about 3 cm/pixel", "Fewest flight lines, fastest coverage", "400 ft above ground is the legal ceiling"],
  },
};

export function bandOf(feet: number): Band {
  if (feet < 165) return "low";
  if (feet < 260) return "medium";
  return "high";
}

/** The described height closest to the slider (a tie goes to the lower one). */
export function nearestDescribedHeight(feet: number): DescribedHeight {
  return DESCRIBED_HEIGHTS.reduce((best, candidate) => (Math.abs(candidate.feet - feet) < Math.abs(best.feet - feet) ? candidate : best));
}

/** The share of the scene's height the ground takes, at its foot. */
export const GROUND_PERCENT = 16;
/** Where the 400 ft line sits, as % of the scene from its foot: room above it for the drone at its smallest. */
const CEILING_PERCENT = 91;

/**
 * Where a height sits in the scene, as % from its foot: 0 ft on the ground, the ruler linear up to
 * 400 ft. The drone's centre and the ruler's ticks both use it, so they agree at every height.
 */
export function altitudePercent(feet: number): number {
  return GROUND_PERCENT + (feet / HEIGHT_MAX_FT) * (CEILING_PERCENT - GROUND_PERCENT);
}

/** 1 at 100 ft down to MIN_SCALE at 400 ft, linearly. */
export function imageScale(feet: number): number {
  const progress = (feet - HEIGHT_MIN_FT) / (HEIGHT_MAX_FT - HEIGHT_MIN_FT);
  return Math.max(MIN_SCALE, 1 - progress * (1 - MIN_SCALE));
}
