/**
 * Maps from Natural Earth's outlines (the world-atlas package's land) projected by d3-geo:
 * the land as one path, and a projection to place cities on it. Fitted to the places drawn, so
 * each map is framed by its own facts. Antarctica is left out: no fact of the firm is there, and
 * a band of ice along the foot reads as a border.
 */
import { createRequire } from 'node:module';
import { geoContains, geoNaturalEarth1, geoPath, type GeoProjection } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { FeatureCollection, MultiPoint, MultiPolygon, Polygon } from 'geojson';

const require = createRequire(import.meta.url);
const land = (scale: '50m' | '110m'): FeatureCollection => {
  const topology = require(`world-atlas/land-${scale}.json`) as Topology;
  const land = feature(topology, topology.objects.land!) as unknown as FeatureCollection;
  const north = (p: Polygon['coordinates']) => p[0]!.some(([, lat]) => lat! > -60);
  return {
    ...land,
    features: land.features.map((f) => {
      const g = f.geometry as MultiPolygon | Polygon;
      return { ...f, geometry: g.type === 'MultiPolygon' ? { ...g, coordinates: g.coordinates.filter(north) } : g };
    }),
  };
};
/** 1:50m for a region, 1:110m for most of the world (a fifth of the path, and of the time to draw it). */
const LAND = { region: land('50m'), world: land('110m') };

export interface Map {
  /** the land, clipped to the frame */
  d: string;
  at: (lonLat: [number, number]) => [number, number];
  /**
   * Where a marker of half-size `r` for a coastal city sits wholly on land: the city's point, or
   * the nearest point within 4r whose corners are all land (at world scale the 1:110m coast runs
   * tens of kilometres from where San Francisco is, which put half its square at sea).
   */
  ashore: (lonLat: [number, number], r: number) => [number, number];
  /** whether the point (x, y) of the frame is land */
  land: (x: number, y: number) => boolean;
}

/**
 * The shortest arc of longitude holding every place: its centre and width in degrees (Tokyo and
 * Denver centre on the Pacific, not on Africa).
 */
export function arcOf(lons: number[]): { centre: number; width: number } {
  const s = [...lons].sort((a, b) => a - b);
  if (s.length < 2) return { centre: s[0] ?? 0, width: 0 };
  // the largest gap between neighbours (the last wraps to the first) is the part of the world left out
  let gap = s[0]! + 360 - s.at(-1)!;
  let start = s[0]!;
  for (let i = 1; i < s.length; i++)
    if (s[i]! - s[i - 1]! > gap) {
      gap = s[i]! - s[i - 1]!;
      start = s[i]!;
    }
  const width = 360 - gap;
  const c = start + width / 2;
  return { centre: c > 180 ? c - 360 : c, width };
}

/**
 * A map of W×H framing `places` inside `box` ([x0, y0, x1, y1] of the frame): the shortest arc of
 * longitude that holds them, widened by `pad` degrees each side and to at least `span` degrees
 * (a single city gets its region, not a street).
 */
export function map(W: number, H: number, places: [number, number][], box: [number, number, number, number], span = 40, pad = 12): Map {
  const lats = places.map((p) => p[1]);
  const arc = arcOf(places.map((p) => p[0]));
  const half = Math.min(179, Math.max(span, arc.width + 2 * pad) / 2);
  const cy = (Math.min(...lats) + Math.max(...lats)) / 2;
  const halfLat = Math.max(half / 2, (Math.max(...lats) - Math.min(...lats)) / 2 + pad);
  const [lo, hi] = [Math.max(-58, cy - halfLat), Math.min(80, cy + halfLat)];
  // the frame's corners, and its sides where the projection is widest (the latitude nearest the equator)
  const mid = Math.min(hi, Math.max(lo, 0));
  const frame: MultiPoint = {
    type: 'MultiPoint',
    coordinates: [lo, mid, hi].flatMap((lat) => [arc.centre - half, arc.centre, arc.centre + half].map((lon) => [lon, lat])),
  };
  const projection: GeoProjection = geoNaturalEarth1()
    .rotate([-arc.centre, 0])
    .fitExtent(
      [
        [box[0], box[1]],
        [box[2], box[3]],
      ],
      frame,
    )
    .clipExtent([
      [0, 0],
      [W, H],
    ]);
  const outline = half >= 60 ? LAND.world : LAND.region;
  const d = geoPath(projection).digits(1)(outline) ?? '';
  const at = (p: [number, number]) => projection(p) as [number, number];
  const land = (x: number, y: number) => {
    const p = projection.invert!([x, y]);
    return !!p && geoContains(outline, p);
  };
  const ashore = (p: [number, number], r: number): [number, number] => {
    const [x, y] = at(p);
    const ok = ([cx, cy]: [number, number]) => [-r, r].every((dx) => [-r, r].every((dy) => land(cx + dx, cy + dy)));
    for (let k = 0; k <= 16; k++)
      for (let a = 0; a < (k ? 16 : 1); a++) {
        const c: [number, number] = [x + ((k * r) / 4) * Math.cos((a * Math.PI) / 8), y + ((k * r) / 4) * Math.sin((a * Math.PI) / 8)];
        if (ok(c)) return c;
      }
    return [x, y];
  };
  return { d, at, ashore, land };
}
