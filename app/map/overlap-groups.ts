import { worldPx, type GridPoints } from "./grid";

/**
 * Markets whose pins would cover each other on screen at this zoom, grouped; every other market
 * stays a pin of its own. A pin is 20 px wide and a cluster's circle 34–56 px, so two positions
 * closer than OVERLAP_PX would hide one under the other: nine markets spread over a town are nine
 * pins, and a pin never lies under a cluster it is not part of.
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
  /** Screen position at this zoom, for the order north-west to south-east. */
  x: number;
  y: number;
}

function newGroup(points: GridPoints, i: number, scale: number): OverlapGroup {
  const [lat, lng] = [points.lat[i]!, points.lng[i]!];
  return { count: 1, lat, lng, south: lat, north: lat, west: lng, east: lng, first: i, x: points.x[i]! * scale, y: points.y[i]! * scale };
}

function add(group: OverlapGroup, points: GridPoints, i: number): void {
  const [lat, lng] = [points.lat[i]!, points.lng[i]!];
  // Sums until finish() turns them into the average.
  group.lat += lat;
  group.lng += lng;
  group.count++;
  group.south = Math.min(group.south, lat);
  group.north = Math.max(group.north, lat);
  group.west = Math.min(group.west, lng);
  group.east = Math.max(group.east, lng);
}

/**
 * One pass over the chosen points, in the order given (the same set gives the same groups): each
 * point not yet taken starts a group and takes every free point within OVERLAP_PX of it, found
 * through buckets of that size, so a pass over 100,000 points looks only at near neighbours. Then
 * a lone point that would lie under a group's circle joins it.
 */
export function groupByOverlap(points: GridPoints, chosen: ArrayLike<number>, zoom: number, radiusPx = OVERLAP_PX): OverlapGroup[] {
  const scale = worldPx(zoom);
  const radius2 = radiusPx * radiusPx;
  const buckets = new Map<string, number[]>();
  const keyOf = (x: number, y: number) => `${Math.floor(x / radiusPx)},${Math.floor(y / radiusPx)}`;
  for (let k = 0; k < chosen.length; k++) {
    const i = chosen[k]!;
    const key = keyOf(points.x[i]! * scale, points.y[i]! * scale);
    const bucket = buckets.get(key);
    if (bucket) bucket.push(i);
    else buckets.set(key, [i]);
  }

  const taken = new Set<number>();
  const groups: OverlapGroup[] = [];
  for (let k = 0; k < chosen.length; k++) {
    const i = chosen[k]!;
    if (taken.has(i)) continue;
    taken.add(i);
    const group = newGroup(points, i, scale);
    const [column, row] = [Math.floor(group.x / radiusPx), Math.floor(group.y / radiusPx)];
    for (let dc = -1; dc <= 1; dc++) {
      for (let dr = -1; dr <= 1; dr++) {
        for (const j of buckets.get(`${column + dc},${row + dr}`) ?? []) {
          if (taken.has(j)) continue;
          const [dx, dy] = [points.x[j]! * scale - group.x, points.y[j]! * scale - group.y];
          if (dx * dx + dy * dy >= radius2) continue;
          taken.add(j);
          add(group, points, j);
        }
      }
    }
    groups.push(group);
  }

  for (const group of groups) finish(group, scale);
  // A cluster that takes a pin moves a little: again, until no pin lies under one.
  let merged = groups;
  for (let before = -1; merged.length !== before; ) {
    before = merged.length;
    merged = mergeLoneUnderClusters(merged, points, scale, radius2);
  }
  return merged.sort((a, b) => a.y - b.y || a.x - b.x);
}

function finish(group: OverlapGroup, scale: number): void {
  group.lat /= group.count;
  group.lng /= group.count;
  // The drawn position: the average, projected the same way as the points.
  const sin = Math.sin((group.lat * Math.PI) / 180);
  group.x = ((group.lng + 180) / 360) * scale;
  group.y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale;
}

/** A lone pin within reach of a cluster's circle (which sits at the cluster's average, not its first point) joins that cluster. */
function mergeLoneUnderClusters(groups: OverlapGroup[], points: GridPoints, scale: number, radius2: number): OverlapGroup[] {
  const clusters = groups.filter((group) => group.count > 1);
  if (!clusters.length) return groups;
  const kept: OverlapGroup[] = [];
  for (const group of groups) {
    if (group.count > 1) {
      kept.push(group);
      continue;
    }
    const under = clusters.find((cluster) => (cluster.x - group.x) ** 2 + (cluster.y - group.y) ** 2 < radius2);
    if (!under) {
      kept.push(group);
      continue;
    }
    // Back to sums, add the point, and average again.
    under.lat *= under.count;
    under.lng *= under.count;
    add(under, points, group.first);
    finish(under, scale);
  }
  return kept;
}
