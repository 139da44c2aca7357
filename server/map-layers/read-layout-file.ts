import { checkedFeatures, featuresFromGeoJson, type LayoutFeature, LayoutError, locatorOf, readLayoutGeometry, siteLayoutMessages } from "@common/site-layout";

// A layout file as exported by design and survey software: GeoJSON, or KML (Google Earth, QGIS,
// AutoCAD Map exports). KML is read by a scanner of the few elements a layout uses (OGC KML 2.2:
// Placemark, name, ExtendedData, Polygon with its outer and inner boundaries), prefixed or not:
// no XML parser is among the project's dependencies, and a layout needs nothing else of KML.

/** An element's name with or without a namespace prefix (`kml:Polygon`). */
const element = (name: string, flags = "g") => new RegExp(`<(?:[\\w.-]+:)?${name}\\b([^>]*)>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}\\s*>`, flags);

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Character data as text: CDATA sections kept as written, entities decoded, tags inside dropped. */
function text(raw: string): string {
  return raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) =>
      part.startsWith("<![CDATA[")
        ? part.slice(9, -3)
        : part.replace(/<[^>]*>/g, "").replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
            if (name[0] === "#") return String.fromCodePoint(name[1]?.toLowerCase() === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
            return ENTITIES[name] ?? whole;
          }),
    )
    .join("")
    .trim();
}

const attribute = (attributes: string, name: string): string =>
  text(
    new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)')`)
      .exec(attributes)
      ?.slice(2)
      .find((v) => v !== undefined) ?? "",
  );

/** "lon,lat[,alt] lon,lat[,alt] …" as positions; non-numbers are left for the position check to refuse. */
const coordinates = (raw: string): unknown[] =>
  text(raw)
    .split(/\s+/)
    .filter(Boolean)
    .map((tuple) => tuple.split(",").map(Number));

function ringsOf(polygon: string): unknown[] {
  const outer = [...polygon.matchAll(element("outerBoundaryIs"))].map((match) => element("coordinates", "").exec(match[2]!)?.[2] ?? "");
  const inner = [...polygon.matchAll(element("innerBoundaryIs"))].map((match) => element("coordinates", "").exec(match[2]!)?.[2] ?? "");
  return [...outer.slice(0, 1), ...inner].map(coordinates);
}

/** A Placemark's name and extended data, as properties. */
function propertiesOf(placemark: string): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const match of placemark.matchAll(element("SimpleData"))) properties[attribute(match[1]!, "name")] = text(match[2]!);
  for (const match of placemark.matchAll(element("Data"))) {
    properties[attribute(match[1]!, "name")] = text(element("value", "").exec(match[2]!)?.[2] ?? "");
  }
  // The Placemark's own name: the first <name> outside its ExtendedData.
  const name = element("name", "").exec(placemark.replace(element("ExtendedData"), ""));
  if (name && !("name" in properties)) properties.name = text(name[2]!);
  return properties;
}

function featuresFromKml(kml: string): LayoutFeature[] {
  const body = kml.replace(/<!--[\s\S]*?-->/g, "");
  if (!/<(?:[\w.-]+:)?kml\b/.test(body)) throw new LayoutError(siteLayoutMessages.format);
  const features = [...body.matchAll(element("Placemark"))].flatMap((match): LayoutFeature[] => {
    const placemark = match[2]!;
    const polygons = [...placemark.matchAll(element("Polygon"))].map((polygon) => ringsOf(polygon[2]!));
    const geometry = readLayoutGeometry(
      polygons.length === 1 ? { type: "Polygon", coordinates: polygons[0] } : { type: "MultiPolygon", coordinates: polygons },
    );
    return geometry ? [{ type: "Feature", properties: { locator: locatorOf(propertiesOf(placemark)) }, geometry }] : [];
  });
  return checkedFeatures(features);
}

/** A layout file's polygons with their locators, whichever of the two formats it is; LayoutError names why a file is refused. */
export function readLayoutFile(bytes: Buffer): LayoutFeature[] {
  const content = bytes.toString("utf8").replace(/^\uFEFF/, "");
  const start = content.trimStart()[0];
  if (start === "{") {
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch {
      throw new LayoutError(siteLayoutMessages.format);
    }
    return featuresFromGeoJson(json);
  }
  if (start === "<") return featuresFromKml(content);
  throw new LayoutError(siteLayoutMessages.format);
}
