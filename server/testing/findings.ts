/** A closed zone of about 150 m × 220 m of a field near Paris: an agriculture finding's area. */
export const FIELD_ZONE = {
  type: "Polygon",
  coordinates: [
    [
      [2.35, 48.85],
      [2.352, 48.85],
      [2.352, 48.852],
      [2.35, 48.852],
      [2.35, 48.85],
    ],
  ],
};

/** Water stress over FIELD_ZONE, with its index value: an agriculture finding as a pilot records it. */
export const WATER_STRESS = { class: "water_stress", severity: "moderate", lat: 48.851, lon: 2.351, indexValue: 0.31, polygon: FIELD_ZONE };
