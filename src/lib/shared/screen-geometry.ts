/**
 * How the venue's screens are mounted (a venue setting: server/screens/screen-geometry.ts), for
 * the guest screens' reach mode (accessibility/reach-zone.ts).
 */
export interface ScreenGeometry {
	/** Height of the visible area's lower edge above the floor. */
	lowerEdgeMm: number;
	/** Height of the visible area (the panel's active area, not the bezel). */
	visibleHeightMm: number;
}
