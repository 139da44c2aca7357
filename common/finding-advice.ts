// What a finding means to the customer who reads the inspection report (decision 0046): why it has
// its severity, and what to do about it. Written once here so the report and any screen agree.

import { type DeltaTThresholds, FINDING_SEVERITY_LABELS, type FindingClass, type FindingSeverity } from "./findings";

/** What to do about a fault of each class, in the words of an O&M contractor's work order. */
const CLASS_ADVICE: Record<FindingClass, string> = {
  hot_spot: "Have the module checked by a technician (IV curve or electroluminescence) and replaced under warranty if a cell is damaged.",
  multiple_hot_spots: "Have the module checked by a technician (IV curve or electroluminescence); several hot cells usually mean it should be replaced.",
  bypass_diode: "Have the junction box's bypass diodes tested and the faulty one or the module replaced.",
  open_module: "Have the module's connections and cabling checked; an open module produces nothing until repaired.",
  missing_module: "Check the array against its layout and refit the missing module.",
  pid: "Have the string's potential-induced degradation measured; an anti-PID device or night-time regeneration can recover the modules.",
  open_string: "Have the string's fuses, connectors and cabling checked at the combiner box; an open string produces nothing until repaired.",
  junction_box: "Have the junction box opened and its connections checked; an overheating junction box is a fire risk.",
  soiling: "Clean the affected modules and review the cleaning schedule.",
  shading: "Find the object casting the shadow and remove or trim it where possible.",
  vegetation: "Cut back the vegetation around and under the modules.",
  physical_damage: "Have the damaged module inspected and replaced; broken glass lets moisture in.",
  low_vigour: "Scout the zone on foot to find the cause (nutrition, soil, sowing) before treating it.",
  water_stress: "Check the irrigation of the zone (emitters, pressure, schedule) and the soil's moisture.",
  pest_disease: "Scout the zone to identify the pest or disease and treat it as an agronomist advises.",
  weeds: "Treat or remove the weeds in the zone before they spread.",
  drainage: "Check the zone's drainage and clear or repair it before the next heavy rain.",
  missing_plants: "Count the gaps in the zone and replant where it is still worth it.",
  other: "Have the area checked on site.",
};

/** How soon, by severity. */
const URGENCY: Record<FindingSeverity, string> = {
  critical: "Act promptly.",
  moderate: "Plan it for the next maintenance visit.",
  minor: "Keep an eye on it at the next inspection.",
};

/** What the customer should do about a finding: how soon, then what. */
export const findingAdvice = (findingClass: FindingClass, severity: FindingSeverity): string => `${URGENCY[severity]} ${CLASS_ADVICE[findingClass]}`;

const degrees = (value: number) => `${Number(value.toFixed(1))} °C`;

/**
 * Why a finding has its severity: the inspector's reason when they set it by hand, else its ΔT against
 * the thresholds (FINDINGS_DELTA_T_MODERATE / _CRITICAL), else that the inspector judged it.
 */
export function severityWhy(finding: { severity: FindingSeverity; severityReason: string; deltaT: number | null }, thresholds: DeltaTThresholds): string {
  const label = FINDING_SEVERITY_LABELS[finding.severity];
  if (finding.severityReason) return `${label}: ${finding.severityReason}`;
  if (finding.deltaT === null) return `${label}, as judged by the inspector`;
  const { deltaT } = finding;
  const above = `${degrees(deltaT)} hotter than its surroundings`;
  switch (finding.severity) {
    case "critical":
      return `${label}: ${above}, ${degrees(thresholds.critical)} or more is critical`;
    case "moderate":
      return `${label}: ${above}, from ${degrees(thresholds.moderate)} to ${degrees(thresholds.critical)} is moderate`;
    case "minor":
      return `${label}: ${above}, under ${degrees(thresholds.moderate)} is minor`;
  }
}
