// A WMTS service's capabilities document, as GeoServer and MapProxy write them, for the tests of server/settings/wmts.ts.

/** A WebMercatorQuad tile matrix of zoom `z`, as GeoServer and MapProxy write them, its identifier `prefix` + z. */
const matrix = (z: number, prefix = "") => `<TileMatrix><ows:Identifier>${prefix}${z}</ows:Identifier>
  <ScaleDenominator>${559082264.0287178 / 2 ** z}</ScaleDenominator><TopLeftCorner>-20037508.3427892 20037508.3427892</TopLeftCorner>
  <TileWidth>256</TileWidth><TileHeight>256</TileHeight><MatrixWidth>${2 ** z}</MatrixWidth><MatrixHeight>${2 ** z}</MatrixHeight></TileMatrix>`;

/** A capabilities document: a UTM layer first (no web tiles), then an aerial layer in Web Mercator, by RESTful template or KVP only. */
export function capabilities({ restful = true, prefix = "EPSG:3857:", crs = "urn:ogc:def:crs:EPSG::3857" } = {}) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.0.0">
  <ows:OperationsMetadata>
    <ows:Operation name="GetCapabilities"><ows:DCP><ows:HTTP><ows:Get xlink:href="https://maps.example/wmts?"/></ows:HTTP></ows:DCP></ows:Operation>
    <ows:Operation name="GetTile"><ows:DCP><ows:HTTP><ows:Get xlink:href="https://maps.example/wmts?">
      <ows:Constraint name="GetEncoding"><ows:AllowedValues><ows:Value>KVP</ows:Value></ows:AllowedValues></ows:Constraint>
    </ows:Get></ows:HTTP></ows:DCP></ows:Operation>
  </ows:OperationsMetadata>
  <Contents>
    <Layer><ows:Title>Survey grid</ows:Title><ows:Identifier>utm</ows:Identifier>
      <Style isDefault="true"><ows:Identifier>default</ows:Identifier></Style><Format>image/png</Format>
      <TileMatrixSetLink><TileMatrixSet>UTM14</TileMatrixSet></TileMatrixSetLink>
    </Layer>
    <Layer><ows:Title>Aerial &amp; roads</ows:Title><ows:Identifier>aerial</ows:Identifier>
      <Style><ows:Identifier>plain</ows:Identifier></Style><Style isDefault="true"><ows:Identifier>labelled</ows:Identifier></Style>
      <Format>image/jpeg</Format>
      <Dimension><ows:Identifier>Time</ows:Identifier><Default>2026</Default><Value>2026</Value></Dimension>
      <TileMatrixSetLink><TileMatrixSet>UTM14</TileMatrixSet></TileMatrixSetLink>
      <TileMatrixSetLink><TileMatrixSet>WebMercatorQuad</TileMatrixSet></TileMatrixSetLink>
      ${restful ? `<ResourceURL format="image/jpeg" resourceType="tile" template="https://maps.example/wmts/aerial/{Style}/{Time}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.jpg"/>` : ""}
    </Layer>
    <TileMatrixSet><ows:Identifier>UTM14</ows:Identifier><ows:SupportedCRS>urn:ogc:def:crs:EPSG::32614</ows:SupportedCRS>
      <TileMatrix><ows:Identifier>0</ows:Identifier><ScaleDenominator>3571428.57</ScaleDenominator><TopLeftCorner>166021 9329005</TopLeftCorner>
      <TileWidth>256</TileWidth><TileHeight>256</TileHeight><MatrixWidth>7</MatrixWidth><MatrixHeight>20</MatrixHeight></TileMatrix>
    </TileMatrixSet>
    <TileMatrixSet><ows:Identifier>WebMercatorQuad</ows:Identifier><ows:SupportedCRS>${crs}</ows:SupportedCRS>
      ${[0, 1, 2, 3, 18].map((z) => matrix(z, prefix)).join("\n")}
    </TileMatrixSet>
  </Contents>
</Capabilities>`;
}
