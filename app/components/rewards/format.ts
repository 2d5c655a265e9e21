const pointsFormat = new Intl.NumberFormat("en-US");

/** A whole number of points with thousands separators: 12345 -> "12,345". */
export function formatPoints(points: number): string {
  return pointsFormat.format(points);
}
