import type OlMap from "ol/Map";
import { useEffect, useState } from "react";
import { getSiteConfig } from "@/lib/site-config";
import { type BaseStyle, baseLayersOf, LAST_TILE } from "./base-map";

/** A tile that has neither loaded nor failed after this long counts as failed: a map never waits on a silent tile server. */
const TILE_PATIENCE_MS = 4_000;

export type BaseMapState = "none" | "loading" | "ok" | "unavailable";

/**
 * Whether the shown base map's tiles arrive: "unavailable" at the first tile that fails, or that is
 * still loading after a few seconds (no network, the tile server down or silent); "ok" again once one loads.
 */
function useBaseMapState(map: OlMap | null, style: BaseStyle): BaseMapState {
  const [state, setState] = useState<BaseMapState>("none");
  useEffect(() => {
    const layer = map && baseLayersOf(map).find((candidate) => candidate.get("base") === style);
    const source = layer?.getSource();
    if (!source) return setState("none");
    // What its tiles did before this watch began.
    const last = source.get(LAST_TILE) as "loaded" | "failed" | undefined;
    setState(last === "failed" ? "unavailable" : last === "loaded" ? "ok" : "loading");
    const pending = new Set<unknown>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(timer);
      if (pending.size) timer = setTimeout(() => setState("unavailable"), TILE_PATIENCE_MS);
    };
    const started = source.on("tileloadstart", (event) => {
      pending.add(event.tile);
      if (pending.size === 1) watch();
    });
    const loaded = source.on("tileloadend", (event) => {
      pending.delete(event.tile);
      setState("ok");
      watch();
    });
    const failed = source.on("tileloaderror", (event) => {
      pending.delete(event.tile);
      setState("unavailable");
      watch();
    });
    return () => {
      clearTimeout(timer);
      source.un("tileloadstart", started.listener);
      source.un("tileloadend", loaded.listener);
      source.un("tileloaderror", failed.listener);
    };
  }, [map, style]);
  return state;
}

/** Which base style shows, and the switch between them where both are configured. */
function useBaseStyle(map: OlMap | null): [BaseStyle, (style: BaseStyle) => void] {
  const { mapTileUrl } = getSiteConfig();
  const [style, setStyle] = useState<BaseStyle>(mapTileUrl ? "street" : "satellite");
  useEffect(() => {
    if (map) for (const layer of baseLayersOf(map)) layer.setVisible(layer.get("base") === style);
  }, [map, style]);
  return [style, setStyle];
}

export interface BaseMapBarProps {
  map: OlMap | null;
  /** The owner's screens say plainly when no base map is configured; a customer's stay quiet about it. */
  owner?: boolean;
}

/** Under a map: the street / satellite switch where both are configured, and whether the base map could be loaded. */
export function BaseMapBar({ map, owner = false }: BaseMapBarProps) {
  const { mapTileUrl, mapSatelliteUrl } = getSiteConfig();
  const [style, setStyle] = useBaseStyle(map);
  const state = useBaseMapState(map, style);
  const configured = Boolean(mapTileUrl || mapSatelliteUrl);
  if (!configured && !owner) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      {mapTileUrl && mapSatelliteUrl ? (
        <label className="flex items-center gap-2">
          <span className="text-muted-foreground">Base map</span>
          <select className="rounded-md border bg-background px-2 py-1" value={style} onChange={(event) => setStyle(event.target.value as BaseStyle)}>
            <option value="street">Street</option>
            <option value="satellite">Satellite</option>
          </select>
        </label>
      ) : null}
      {!configured ? (
        <p className="text-muted-foreground">No base map is set (Settings, Maps): the map shows its layers on a plain ground.</p>
      ) : state === "unavailable" ? (
        <p role="status" className="text-destructive">
          Base map unavailable: its tiles could not be loaded. The map still works on a plain ground.
        </p>
      ) : null}
    </div>
  );
}
