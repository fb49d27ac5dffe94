/**
 * Maps from Natural Earth's outlines (the world-atlas package's land) projected by d3-geo:
 * the land as one path, and a projection to place cities on it. Fitted to the places drawn, so
 * each map is framed by its own facts.
 */
import { createRequire } from 'node:module';
import { geoNaturalEarth1, geoPath, type GeoPermissibleObjects, type GeoProjection } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { FeatureCollection, MultiPoint } from 'geojson';

const require = createRequire(import.meta.url);
const land = (scale: '50m' | '110m') => {
  const topology = require(`world-atlas/land-${scale}.json`) as Topology;
  return feature(topology, topology.objects.land!) as unknown as FeatureCollection;
};
/** 1:50m for a region, 1:110m for the world (a fifth of the path, the same at that scale). */
const LAND = { region: land('50m'), world: land('110m') };

export interface Map {
  /** the land, clipped to the frame */
  d: string;
  at: (lonLat: [number, number]) => [number, number];
}

/**
 * A map of W×H framing `places` inside `box` ([x0, y0, x1, y1] of the frame), at least `span`
 * degrees across (a single city gets its region, not a street); 360: the whole world, centred on
 * the places' longitude.
 */
export function map(W: number, H: number, places: [number, number][], box: [number, number, number, number], span = 40): Map {
  const lons = places.map((p) => p[0]);
  const lats = places.map((p) => p[1]);
  // the centre of the places on the circle of longitudes (so Tokyo and Denver centre on the Pacific)
  const rad = Math.PI / 180;
  const cx =
    Math.atan2(
      lons.reduce((s, l) => s + Math.sin(l * rad), 0),
      lons.reduce((s, l) => s + Math.cos(l * rad), 0),
    ) / rad;
  const cy = (Math.min(...lats) + Math.max(...lats)) / 2;
  const half = span / 2;
  const frame: GeoPermissibleObjects =
    span >= 360 ? { type: 'Sphere' } : ({ type: 'MultiPoint', coordinates: [...places, [cx - half, cy - half / 2], [cx + half, cy + half / 2]] } satisfies MultiPoint);
  const projection: GeoProjection = geoNaturalEarth1()
    .rotate([-cx, 0])
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
  const d = geoPath(projection).digits(1)(span >= 180 ? LAND.world : LAND.region) ?? '';
  return { d, at: (p) => projection(p) as [number, number] };
}
