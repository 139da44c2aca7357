import { fromLonLat, toLonLat } from "ol/proj";
import { useCallback, useEffect, useRef, useState } from "react";
import type { MapLayer } from "@common/contract/map-layers";
import type { LayerView } from "./layer-state";
import { formatPoint, probeLines, roundToProbe } from "./probe";
import { readPixel, readHeader } from "./read-pixel";

/** One probe's answer: the point, then each probed layer's lines (topmost first). */
export interface ProbeAnswer {
  /** Counts the probes, so each answer is written afresh even when it reads the same. */
  serial: number;
  point: string;
  rows: { layerId: number; title: string; lines: string[] }[];
}

/**
 * The probe: the exact values of the shown layers at a point, read from their COGs. The point is
 * rounded to the six decimals it is named with first, so what it says and what it read agree.
 * A newer probe supersedes one still reading.
 */
export function useProbe(probed: MapLayer[], views: Record<number, LayerView>) {
  const [answer, setAnswer] = useState<ProbeAnswer | null>(null);
  const latest = useRef({ probed, views });
  const pending = useRef<AbortController | null>(null);
  const serial = useRef(0);

  useEffect(() => {
    latest.current = { probed, views };
    // Each shown layer's header is read ahead, so the first probe costs one tile.
    for (const layer of probed) if (layer.cogUrl) readHeader(layer.cogUrl).catch(() => undefined);
  });

  const probeAt = useCallback(async (coordinate: readonly number[]) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    const [longitude, latitude] = toLonLat([...coordinate]).map(roundToProbe) as [number, number];
    const point = fromLonLat([longitude, latitude]);
    const { probed: layers, views: now } = latest.current;
    const rows = await Promise.all(
      [...layers].reverse().map(async (layer) => {
        try {
          const { values, nodata } = await readPixel(layer.cogUrl!, point, controller.signal);
          return { layerId: layer.id, title: layer.title, lines: probeLines(layer, now[layer.id]?.style.display ?? "band", values, nodata) };
        } catch {
          return { layerId: layer.id, title: layer.title, lines: ["The value could not be read; please try again"] };
        }
      }),
    );
    if (controller.signal.aborted) return;
    serial.current += 1;
    setAnswer({ serial: serial.current, point: formatPoint(longitude, latitude), rows });
  }, []);

  return { answer, probeAt };
}
