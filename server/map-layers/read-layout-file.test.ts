import { describe, expect, it } from "vitest";
import { siteLayoutMessages } from "@common/site-layout";
import { readLayoutFile } from "./read-layout-file";

const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
  <Document>
    <!-- <Placemark><name>commented out</name></Placemark> -->
    <Schema name="tables" id="tables"><SimpleField name="BLOCK" type="string"/></Schema>
    <Placemark>
      <name>T-14</name>
      <ExtendedData><SchemaData schemaUrl="#tables"><SimpleData name="BLOCK">B &amp; C</SimpleData><SimpleData name="ROW">14</SimpleData></SchemaData></ExtendedData>
      <Polygon><outerBoundaryIs><LinearRing><coordinates>
        -97.6,31.98,0 -97.599,31.98,0 -97.599,31.981,0 -97.6,31.981,0 -97.6,31.98,0
      </coordinates></LinearRing></outerBoundaryIs>
      <innerBoundaryIs><LinearRing><coordinates>-97.5998,31.9802 -97.5996,31.9802 -97.5996,31.9804 -97.5998,31.9802</coordinates></LinearRing></innerBoundaryIs></Polygon>
    </Placemark>
    <Placemark>
      <name><![CDATA[North field <east>]]></name>
      <MultiGeometry>
        <Polygon><outerBoundaryIs><LinearRing><coordinates>1,1 2,1 2,2 1,1</coordinates></LinearRing></outerBoundaryIs></Polygon>
        <Polygon><outerBoundaryIs><LinearRing><coordinates>3,3 4,3 4,4 3,3</coordinates></LinearRing></outerBoundaryIs></Polygon>
      </MultiGeometry>
    </Placemark>
    <Placemark><name>Gate</name><Point><coordinates>-97.6,31.98</coordinates></Point></Placemark>
  </Document>
</kml>`;

describe("readLayoutFile", () => {
  it("reads KML placemarks: extended data, holes, multi-geometries, CDATA and entities", () => {
    const features = readLayoutFile(Buffer.from(kml));
    expect(features).toHaveLength(2);
    expect(features[0]!.properties.locator).toBe("Block B & C / Row 14");
    expect(features[0]!.geometry).toMatchObject({ type: "Polygon" });
    expect(features[0]!.geometry.coordinates).toHaveLength(2);
    expect(features[1]!.properties.locator).toBe("North field <east>");
    expect(features[1]!.geometry.type).toBe("MultiPolygon");
  });
  it("reads a prefixed KML (kml:Placemark) with Data values", () => {
    const prefixed = `<kml:kml xmlns:kml="http://www.opengis.net/kml/2.2"><kml:Placemark><kml:ExtendedData><kml:Data name="block"><kml:value>7</kml:value></kml:Data><kml:Data name="string"><kml:value>2</kml:value></kml:Data></kml:ExtendedData><kml:Polygon><kml:outerBoundaryIs><kml:LinearRing><kml:coordinates>1,1 2,1 2,2 1,1</kml:coordinates></kml:LinearRing></kml:outerBoundaryIs></kml:Polygon></kml:Placemark></kml:kml>`;
    expect(readLayoutFile(Buffer.from(prefixed))[0]!.properties.locator).toBe("Block 7 / String 2");
  });
  it("reads GeoJSON with a byte-order mark", () => {
    const json = {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          properties: { Row: "R3" },
          geometry: {
            type: "Polygon",
            coordinates: [
              [
                [1, 1],
                [2, 1],
                [2, 2],
                [1, 1],
              ],
            ],
          },
        },
      ],
    };
    expect(readLayoutFile(Buffer.from(`\uFEFF${JSON.stringify(json)}`))[0]!.properties.locator).toBe("Row R3");
  });
  it("refuses a file that is neither, broken JSON, other XML, and a KML without polygons, naming why", () => {
    expect(() => readLayoutFile(Buffer.from("block,row\nA,1\n"))).toThrow(siteLayoutMessages.format);
    expect(() => readLayoutFile(Buffer.from('{"type": "FeatureCollection", '))).toThrow(siteLayoutMessages.format);
    expect(() => readLayoutFile(Buffer.from("<gpx><trk/></gpx>"))).toThrow(siteLayoutMessages.format);
    expect(() => readLayoutFile(Buffer.from("<kml><Placemark><Point><coordinates>1,2</coordinates></Point></Placemark></kml>"))).toThrow(
      siteLayoutMessages.noPolygons,
    );
  });
});
