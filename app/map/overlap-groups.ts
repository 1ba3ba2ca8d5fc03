import { worldPx, type GridPoints } from "./grid";

/**
 * Markets whose pins would cover each other on screen at this zoom, grouped; every other market
 * stays a pin of its own. A pin is 20 px wide and a cluster's circle 34–56 px (markSize), so two
 * positions closer than OVERLAP_PX would hide one under the other: nine markets spread over a town
 * are nine pins, and no mark touches a cluster it is not part of.
 */
export const OVERLAP_PX = 44;

export interface OverlapGroup {
  count: number;
  /** Where the group is drawn: the average of its positions. */
  lat: number;
  lng: number;
  /** The box its markets lie in, which a click on the cluster zooms to. */
  south: number;
  west: number;
  north: number;
  east: number;
  /** The index of its first point: the market itself when the group holds only one. */
  first: number;
  /** Screen position of where it is drawn at this zoom, for the order north-west to south-east. */
  x: number;
  y: number;
}

/** Buckets of OVERLAP_PX on screen, keyed by one number: a neighbour is in the 3 × 3 buckets around. */
class Buckets<T> {
  readonly #cells = new Map<number, T[]>();
  readonly #size: number;
  constructor(size: number) {
    this.#size = size;
  }
  #key(column: number, row: number): number {
    // Columns and rows stay below 2^21 up to zoom 13 at this size, so the key is exact.
    return column * 4_194_304 + row;
  }
  add(x: number, y: number, item: T): void {
    const key = this.#key(Math.floor(x / this.#size), Math.floor(y / this.#size));
    const cell = this.#cells.get(key);
    if (cell) cell.push(item);
    else this.#cells.set(key, [item]);
  }
  /** The buckets around a position, as lists (plain loops over them are what keeps 100,000 points fast). */
  near(x: number, y: number): T[][] {
    const [column, row] = [Math.floor(x / this.#size), Math.floor(y / this.#size)];
    const found: T[][] = [];
    for (let dc = -1; dc <= 1; dc++) {
      for (let dr = -1; dr <= 1; dr++) {
        const cell = this.#cells.get(this.#key(column + dc, row + dr));
        if (cell) found.push(cell);
      }
    }
    return found;
  }
}

function projectedY(latitude: number, scale: number): number {
  const sin = Math.sin((latitude * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale;
}

/**
 * One pass over the chosen points, in the order given (the same set gives the same groups): each
 * point not yet taken starts a group and takes every free point within OVERLAP_PX of it, found
 * through buckets of that size, so a pass over 100,000 points looks only at near neighbours. Then
 * a pin or a cluster that a cluster's circle would cover or touch (circles are drawn at the
 * group's average, not at its first point) joins it, until none does.
 */
export function groupByOverlap(points: GridPoints, chosen: ArrayLike<number>, zoom: number, radiusPx = OVERLAP_PX): OverlapGroup[] {
  const scale = worldPx(zoom);
  const radius2 = radiusPx * radiusPx;
  const n = chosen.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const buckets = new Buckets<number>(radiusPx);
  for (let k = 0; k < n; k++) {
    xs[k] = points.x[chosen[k]!]! * scale;
    ys[k] = points.y[chosen[k]!]! * scale;
    buckets.add(xs[k]!, ys[k]!, k);
  }

  const taken = new Uint8Array(n);
  const groups: OverlapGroup[] = [];
  for (let k = 0; k < n; k++) {
    if (taken[k]) continue;
    taken[k] = 1;
    const group = start(points, chosen[k]!);
    const [x, y] = [xs[k]!, ys[k]!];
    for (const cell of buckets.near(x, y)) {
      for (let c = 0; c < cell.length; c++) {
        const j = cell[c]!;
        if (taken[j]) continue;
        const [dx, dy] = [xs[j]! - x, ys[j]! - y];
        if (dx * dx + dy * dy >= radius2) continue;
        taken[j] = 1;
        add(group, points, chosen[j]!);
      }
    }
    groups.push(finish(group, scale));
  }
  return mergeLonePins(groups, scale, radiusPx).sort((a, b) => a.y - b.y || a.x - b.x);
}

function start(points: GridPoints, i: number): OverlapGroup {
  const [lat, lng] = [points.lat[i]!, points.lng[i]!];
  return { count: 1, lat, lng, south: lat, north: lat, west: lng, east: lng, first: i, x: 0, y: 0 };
}

/** Adds a point to a group whose lat and lng are still sums (before finish(), or after unfinish()). */
function add(group: OverlapGroup, points: GridPoints, i: number): void {
  const [lat, lng] = [points.lat[i]!, points.lng[i]!];
  group.lat += lat;
  group.lng += lng;
  group.count++;
  group.south = Math.min(group.south, lat);
  group.north = Math.max(group.north, lat);
  group.west = Math.min(group.west, lng);
  group.east = Math.max(group.east, lng);
}

/** The sums made an average, and where that is drawn. */
function finish(group: OverlapGroup, scale: number): OverlapGroup {
  group.lat /= group.count;
  group.lng /= group.count;
  group.x = ((group.lng + 180) / 360) * scale;
  group.y = projectedY(group.lat, scale);
  return group;
}

function unfinish(group: OverlapGroup): void {
  group.lat *= group.count;
  group.lng *= group.count;
}

/** The width on screen of a cluster's circle (marker-layer.ts draws it) or, for one market, of its pin. */
export function markSize(count: number): number {
  return count === 1 ? PIN_PX : count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 48 : 56;
}

const PIN_PX = 20;
/** The widest mark: how far to look for one that a group could touch. */
const WIDEST_PX = 56;

/**
 * A group that a cluster's circle would cover or touch (a pin, or another cluster: circles are
 * drawn at their markets' average, and grow with their count) joins that cluster; again while the
 * clusters, moved and grown a little, still touch one.
 */
function mergeLonePins(groups: OverlapGroup[], scale: number, radiusPx: number): OverlapGroup[] {
  let result = groups;
  for (let merged = true; merged;) {
    merged = false;
    const clusters = new Buckets<OverlapGroup>(WIDEST_PX);
    for (const group of result) if (group.count > 1) clusters.add(group.x, group.y, group);
    const taken = new Set<OverlapGroup>();
    const kept: OverlapGroup[] = [];
    for (const group of result) {
      if (taken.has(group)) continue;
      // Touching circles, and never closer than the grouping's own reach.
      const reach = (other: OverlapGroup) => Math.max(radiusPx, (markSize(other.count) + markSize(group.count)) / 2);
      const under = clusters
        .near(group.x, group.y)
        .flat()
        .find((cluster) => cluster !== group && !taken.has(cluster) && (cluster.x - group.x) ** 2 + (cluster.y - group.y) ** 2 < reach(cluster) ** 2);
      if (!under) {
        kept.push(group);
        continue;
      }
      absorb(under, group, scale);
      taken.add(group);
      merged = true;
    }
    result = kept.filter((group) => !taken.has(group));
  }
  return result;
}

/** `group`'s markets added to `into`, which is drawn again at the average of them all. */
function absorb(into: OverlapGroup, group: OverlapGroup, scale: number): void {
  unfinish(into);
  into.lat += group.lat * group.count;
  into.lng += group.lng * group.count;
  into.count += group.count;
  into.south = Math.min(into.south, group.south);
  into.north = Math.max(into.north, group.north);
  into.west = Math.min(into.west, group.west);
  into.east = Math.max(into.east, group.east);
  finish(into, scale);
}
