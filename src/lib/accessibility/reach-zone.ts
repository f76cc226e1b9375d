/**
 * Where on the screen a guest in a wheelchair (or a short guest, or a child) can reach: EN 301 549
 * 8.3.3.1 and 8.3.3.2 put a stationary terminal's operable parts no higher than 1220 mm
 * (8.3.3.1.1, 8.3.3.2.1) and no lower than 380 mm (8.3.3.1.2, 8.3.3.2.2) above the floor. Reach
 * mode moves every control of the flow into that band (docs/accessibility.md, Reach mode).
 *
 * The facts it relies on: the screen is mounted upright (its visible area's height is vertical),
 * and the browser's viewport is the whole visible area (the kiosk runs full screen), so CSS
 * pixel rows map linearly onto millimetres from the visible area's top edge down to its bottom
 * edge.
 */

import type { ScreenGeometry } from '#lib/shared/screen-geometry.ts';

/** EN 301 549 8.3.3: the reach range, in mm above the floor. */
export const REACH_LOWEST_MM = 380;
export const REACH_HIGHEST_MM = 1220;

/** Rows of the viewport in CSS pixels, from its top: `top` ≤ y < `bottom`. */
export interface ReachBand {
	top: number;
	bottom: number;
}

/** Float slack, so a boundary that falls on a whole pixel is not lost to rounding. */
const EPSILON = 1e-6;

/**
 * The rows that lie wholly inside the reach range, clamped to the viewport; null when none do
 * (the screen is mounted entirely above or below the range, or has no height yet). `top` is
 * rounded down the screen and `bottom` up it, so every row of the band is within reach.
 */
export function reachBand(geometry: ScreenGeometry, viewportHeightPx: number): ReachBand | null {
	const { lowerEdgeMm, visibleHeightMm } = geometry;
	if (!(viewportHeightPx > 0 && visibleHeightMm > 0)) return null;
	const pxPerMm = viewportHeightPx / visibleHeightMm;
	const topEdgeMm = lowerEdgeMm + visibleHeightMm;
	/** The viewport row at `heightMm` above the floor (may lie outside the viewport). */
	const rowAt = (heightMm: number) => (topEdgeMm - heightMm) * pxPerMm;
	const clamp = (row: number) => Math.min(viewportHeightPx, Math.max(0, row));
	const top = clamp(Math.ceil(rowAt(REACH_HIGHEST_MM) - EPSILON));
	const bottom = clamp(Math.floor(rowAt(REACH_LOWEST_MM) + EPSILON));
	return bottom > top ? { top, bottom } : null;
}
