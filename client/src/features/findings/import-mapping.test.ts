import { describe, expect, it } from "vitest";
import { guessMapping, mappingFor, rememberedMapping, rememberMapping } from "./import-mapping";

/** A Storage kept in a Map. */
const memoryStorage = () => {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
};

describe("the import's column mapping", () => {
  it("maps our own export's columns each to itself", () => {
    const columns = ["id", "class", "severity", "lat", "lon", "locator", "deltaT", "imageUrls"];
    expect(guessMapping(columns)).toEqual({ class: "class", severity: "severity", lat: "lat", lon: "lon", locator: "locator", deltaT: "deltaT" });
  });

  it("guesses another program's columns by their usual names, each column for one field", () => {
    const columns = ["Anomaly Type", "Latitude", "Longitude", "Delta T (C)", "T max", "Module ID", "Comments", "Photo"];
    expect(guessMapping(columns)).toEqual({
      class: "Anomaly Type",
      lat: "Latitude",
      lon: "Longitude",
      deltaT: "Delta T (C)",
      maxTemp: "T max",
      locator: "Module ID",
    });
  });

  it("keeps the admin's own choices where this file has those columns, and guesses the rest", () => {
    const remembered = { class: "Fault", locator: "Tracker", note: "Gone column" };
    expect(mappingFor(["Fault", "Tracker", "Lat", "Lng", "Type"], remembered)).toEqual({ class: "Fault", locator: "Tracker", lat: "Lat", lon: "Lng" });
  });

  it("remembers a mapping per admin, and ignores what is not a mapping", () => {
    const storage = memoryStorage();
    rememberMapping(1, { class: "Fault", lat: "Y" }, storage);
    expect(rememberedMapping(1, storage)).toEqual({ class: "Fault", lat: "Y" });
    expect(rememberedMapping(2, storage)).toEqual({});
    storage.setItem("skyvantage:findings-import-mapping:3", '{"class":"Fault","colour":"Red","lat":7}');
    expect(rememberedMapping(3, storage)).toEqual({ class: "Fault" });
    storage.setItem("skyvantage:findings-import-mapping:4", "not json");
    expect(rememberedMapping(4, storage)).toEqual({});
  });
});
