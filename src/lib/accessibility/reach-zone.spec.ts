import { describe, expect, it } from 'vitest';
import type { ScreenGeometry } from '#lib/shared/screen-geometry.ts';
import { REACH_HIGHEST_MM, REACH_LOWEST_MM, reachBand } from './reach-zone.ts';

/** A 32" (31.5" panel) 16:9 screen upright: 698 mm of visible height over 1920 CSS pixels. */
const PORTRAIT_32 = { visibleHeightMm: 698, viewport: 1920 };
const portrait = (lowerEdgeMm: number) =>
	reachBand({ lowerEdgeMm, visibleHeightMm: PORTRAIT_32.visibleHeightMm }, PORTRAIT_32.viewport);

/** Height above the floor of the viewport row boundary `row`. */
const heightAt = (geometry: ScreenGeometry, viewport: number, row: number) =>
	geometry.lowerEdgeMm + geometry.visibleHeightMm * (1 - row / viewport);

describe('the reach band of a 1080×1920 portrait 32" kiosk', () => {
	it('on a floor kiosk with the screen from 950 mm up: the lower 742 px', () => {
		// Top edge at 1648 mm: 1220 mm is 428 mm down, 1177.3 px; 380 mm lies below the screen.
		expect(portrait(950)).toEqual({ top: 1178, bottom: 1920 });
	});

	it('with the screen from 1000 mm up: the lower 605 px', () => {
		expect(portrait(1000)).toEqual({ top: 1315, bottom: 1920 });
	});

	it('wall-mounted from 400 mm up, entirely inside: the whole screen', () => {
		expect(portrait(400)).toEqual({ top: 0, bottom: 1920 });
	});

	it('on a low stand from 200 mm up, partly below 380 mm: all but the lowest rows', () => {
		// Top edge at 898 mm; 380 mm is 518 mm down, 1424.9 px.
		expect(portrait(200)).toEqual({ top: 0, bottom: 1424 });
	});

	it('from 1220 mm up or higher, entirely above: no band', () => {
		expect(portrait(REACH_HIGHEST_MM)).toBeNull();
		expect(portrait(1400)).toBeNull();
	});

	it('entirely below 380 mm: no band', () => {
		expect(portrait(REACH_LOWEST_MM - PORTRAIT_32.visibleHeightMm)).toBeNull();
	});
});

describe('the reach band', () => {
	it('keeps a boundary that falls exactly on a pixel row', () => {
		// 1 px per mm, screen from the floor to 1920 mm.
		expect(reachBand({ lowerEdgeMm: 0, visibleHeightMm: 1920 }, 1920)).toEqual({
			top: 700,
			bottom: 1540
		});
	});

	it('has no band before the viewport has a height', () => {
		expect(reachBand({ lowerEdgeMm: 900, visibleHeightMm: 698 }, 0)).toBeNull();
	});

	it.each([
		{ lowerEdgeMm: 950, visibleHeightMm: 698, viewport: 1920 },
		{ lowerEdgeMm: 1000, visibleHeightMm: 393, viewport: 1080 },
		{ lowerEdgeMm: 300, visibleHeightMm: 1210, viewport: 1920 },
		{ lowerEdgeMm: 760, visibleHeightMm: 217, viewport: 1280 }
	])('holds only rows within 380–1220 mm: %o', ({ viewport, ...geometry }) => {
		const band = reachBand(geometry, viewport)!;
		expect(heightAt(geometry, viewport, band.top)).toBeLessThanOrEqual(REACH_HIGHEST_MM);
		expect(heightAt(geometry, viewport, band.bottom)).toBeGreaterThanOrEqual(REACH_LOWEST_MM);
		// …and loses less than a row at either end that lies inside the screen.
		if (band.top > 0) {
			expect(heightAt(geometry, viewport, band.top - 1)).toBeGreaterThan(REACH_HIGHEST_MM);
		}
		if (band.bottom < viewport) {
			expect(heightAt(geometry, viewport, band.bottom + 1)).toBeLessThan(REACH_LOWEST_MM);
		}
	});
});
