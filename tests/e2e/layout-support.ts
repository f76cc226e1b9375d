/**
 * The layout rules every guest screen keeps, in every language, screen size and accessibility
 * mode (docs/accessibility.md, The layout test), measured in the page as the guest sees it:
 *
 * - **text clipped**: an element that hides its overflow (hidden or clip, or an ellipsis) holds
 *   all its text — no scrollWidth beyond its clientWidth, no scrollHeight beyond its clientHeight;
 * - **label wider than its box**: a button's, heading's or paragraph's text fits its box (text
 *   that spills out runs under its neighbours), and the page does not scroll sideways;
 * - **primary action out of view**: the step's main control is wholly on the screen as the step
 *   opens — not below it, not scrolled away inside a part of it, and in reach mode in the band;
 *   and so is what the step must show beside it (the menu's: what the order costs);
 * - **foot above the band's foot**: in reach mode a primary action pinned to the step's foot rests
 *   at most 112 px above the band's bottom (the accessibility button's strip), not twice that;
 * - **outside the reach band**: in reach mode every control a guest sees lies in the rows between
 *   380 and 1220 mm above the floor (EN 301 549 8.3.3), and so does the guest screen itself;
 * - **covered**: at the centre of every control a guest sees and at the eight other points of a
 *   3×3 grid over its visible part (inset from its edges and rounded corners), the control itself is hit, not
 *   something lying over part of it;
 * - **empty band**: from the top of the step's main region (its `main`) to the bottom of the
 *   viewport, no run of rows taller than 64 px that no content box covers — a content box being a
 *   shown element outside the `main` and its ancestors that holds text of its own, is a picture or
 *   a control, or paints a background, border or shadow (a card, the basket sheet), cut to what of
 *   it is on the screen; the step fills the screen, its foot and basket close below its content;
 * - **axe**: axe finds nothing (support.ts), and in high contrast its 7:1 rule neither.
 *
 * Each returns what it found as readable lines, so a walk over many screens can collect all
 * its defects before it fails (`LayoutFindings`).
 */
import { expect, type Page } from '@playwright/test';
import { REACH_HIGHEST_MM, REACH_LOWEST_MM } from '../../src/lib/accessibility/reach-zone.ts';
import { axeViolations } from './support.ts';

/** Rows of the viewport in CSS pixels: `top` ≤ y ≤ `bottom`. */
export interface Band {
	top: number;
	bottom: number;
}

/**
 * The venue's default mounting (docs/accessibility.md, Reach mode): a 32" portrait floor kiosk,
 * 698 mm of visible height from 950 mm above the floor. The tests keep it.
 */
export const DEFAULT_MOUNTING = { lowerEdgeMm: 950, visibleHeightMm: 698 } as const;

/**
 * The rows of a `viewportHeight` px high screen, mounted as by default, that lie between 380 and
 * 1220 mm above the floor: what reach mode must keep every control in. Worked out here from the
 * mounting, not read from the page, so a wrong band on the page is found.
 */
export function reachBandOf(viewportHeight: number): Band {
	const { lowerEdgeMm, visibleHeightMm } = DEFAULT_MOUNTING;
	const pxPerMm = viewportHeight / visibleHeightMm;
	const topEdgeMm = lowerEdgeMm + visibleHeightMm;
	return {
		top: Math.max(0, Math.ceil((topEdgeMm - REACH_HIGHEST_MM) * pxPerMm)),
		bottom: Math.min(viewportHeight, Math.floor((topEdgeMm - REACH_LOWEST_MM) * pxPerMm))
	};
}

/** How a screen is measured: its primary action, and the reach band when reach mode is on. */
export interface ScreenRules {
	/** CSS selector of the step's main control (or, on a screen without one, its main part). */
	primary: string;
	/** Reach mode is on: the band every control must lie in. */
	reach: Band | null;
	/**
	 * What the guest must see beside the primary action as the step opens, by what it is and a
	 * CSS selector: one element it matches is shown wholly on the screen.
	 */
	shows?: { what: string; selector: string };
}

/**
 * Waits until the screen has come to rest — fonts loaded, a dialog risen into place, an offer slid
 * in, no transition under way — so that every rule measures the screen the guest then sees.
 */
async function atRest(page: Page): Promise<void> {
	await page.evaluate(async () => {
		await document.fonts.ready;
		await Promise.all(
			document
				.getAnimations()
				.filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
				.map((animation) => animation.finished.catch(() => undefined))
		);
	});
}

/** Measures the layout rules above (all but the empty band and axe) on a screen at rest. */
async function layoutProblems(page: Page, rules: ScreenRules): Promise<string[]> {
	return page.evaluate(({ primary, reach, shows }) => {
		const problems: string[] = [];
		const SLACK = 1;
		// How far above the band's bottom a pinned foot may rest: the accessibility button's strip
		// (88 px, global.css) and a step's own padding below its answers.
		const FOOT_ROOM = 112;
		const name = (element: Element) => {
			const label =
				element.getAttribute('aria-label') ??
				(element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
			const classes = [...element.classList].filter((c) => !c.startsWith('svelte-')).join('.');
			return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${label}"`;
		};
		// checkVisibility: not in a closed disclosure's content (content-visibility: hidden), whose
		// boxes exist for measuring but are never painted.
		const rendered = (element: Element) =>
			element.checkVisibility() &&
			element.getClientRects().length > 0 &&
			!element.closest('.visually-hidden, [aria-hidden="true"]') &&
			getComputedStyle(element).visibility !== 'hidden';

		/** What of `element` is on the screen: its box cut by the viewport and every clipping part. */
		const visibleRect = (element: Element) => {
			const box = element.getBoundingClientRect();
			let { left, top, right, bottom } = box;
			right = Math.min(right, window.innerWidth);
			bottom = Math.min(bottom, window.innerHeight);
			left = Math.max(left, 0);
			top = Math.max(top, 0);
			// A fixed part (a modal dialog too) is clipped by the viewport alone, not its ancestors.
			for (let node = element; node.parentElement; node = node.parentElement) {
				if (getComputedStyle(node).position === 'fixed') break;
				const style = getComputedStyle(node.parentElement);
				const clipsX = style.overflowX !== 'visible';
				const clipsY = style.overflowY !== 'visible';
				if (!clipsX && !clipsY) continue;
				const outer = node.parentElement.getBoundingClientRect();
				if (clipsX) {
					left = Math.max(left, outer.left);
					right = Math.min(right, outer.right);
				}
				if (clipsY) {
					top = Math.max(top, outer.top);
					bottom = Math.min(bottom, outer.bottom);
				}
			}
			return { box, left, top, right, bottom, seen: right > left && bottom > top };
		};

		// The controls a guest can operate now: a modal dialog's when one is open. The staff's way
		// out of the screen (held down, then a PIN) is not the guest's; a part that takes the focus
		// only to scroll by keyboard is not a control.
		const modal = document.querySelector('dialog[open]:modal');
		const controls = [
			...(modal ?? document).querySelectorAll<HTMLElement>(
				':is(button, input, select, textarea, a[href]):not([data-staff-only])'
			)
		].filter((control) => rendered(control) && !control.closest('[inert]'));

		// Text clipped.
		for (const element of document.querySelectorAll<HTMLElement>('body *')) {
			if (!rendered(element) || !(element.textContent ?? '').trim()) continue;
			const style = getComputedStyle(element);
			const hides = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
			const ellipsis = style.textOverflow === 'ellipsis';
			if ((hides(style.overflowX) || ellipsis) && element.scrollWidth > element.clientWidth + SLACK)
				problems.push(
					`text clipped: ${name(element)} is ${element.scrollWidth} px wide in ${element.clientWidth}`
				);
			if (hides(style.overflowY) && element.scrollHeight > element.clientHeight + SLACK)
				problems.push(
					`text clipped: ${name(element)} is ${element.scrollHeight} px high in ${element.clientHeight}`
				);
		}

		// Label wider than its box.
		const pageWidth = document.documentElement.clientWidth;
		if (document.documentElement.scrollWidth > pageWidth + SLACK) {
			// Named by what sticks out furthest.
			let widest: Element = document.documentElement;
			for (const element of document.querySelectorAll('body *'))
				if (element.getBoundingClientRect().right > widest.getBoundingClientRect().right)
					widest = element;
			problems.push(
				`label wider than its box: the page scrolls sideways (${document.documentElement.scrollWidth} px in ${pageWidth}), ${name(widest)} reaching ${Math.round(widest.getBoundingClientRect().right)} px`
			);
		}
		for (const element of document.querySelectorAll<HTMLElement>('button, h1, h2, h3, p')) {
			if (!rendered(element)) continue;
			if (element.scrollWidth > element.clientWidth + SLACK)
				problems.push(
					`label wider than its box: ${name(element)} is ${element.scrollWidth} px wide in ${element.clientWidth}`
				);
		}

		// Primary action out of view, and what the step must show beside it.
		const wholly = (element: Element) => {
			const { box, left, top, right, bottom } = visibleRect(element);
			return (
				left <= box.left + SLACK &&
				top <= box.top + SLACK &&
				right >= box.right - SLACK &&
				bottom >= box.bottom - SLACK
			);
		};
		const rows = (element: Element) => {
			const box = element.getBoundingClientRect();
			return `${Math.round(box.top)}–${Math.round(box.bottom)} px`;
		};
		const main = document.querySelector(primary);
		if (!main || !rendered(main)) problems.push(`primary action out of view: ${primary} not shown`);
		else if (!wholly(main)) {
			const { top, bottom } = visibleRect(main);
			problems.push(
				`primary action out of view: ${name(main)} at ${rows(main)}, shown ${Math.round(top)}–${Math.round(bottom)} of ${window.innerHeight}`
			);
		} else {
			const box = main.getBoundingClientRect();
			if (reach && (box.top < reach.top - SLACK || box.bottom > reach.bottom + SLACK))
				problems.push(
					`primary action out of view: ${name(main)} at ${rows(main)}, outside the reach band ${reach.top}–${reach.bottom}`
				);
		}
		if (shows) {
			const shown = [...document.querySelectorAll(shows.selector)].filter(rendered);
			if (shown.length === 0) problems.push(`primary action out of view: ${shows.what} not shown`);
			else if (!shown.some(wholly))
				problems.push(
					`primary action out of view: ${shows.what} at ${shown.map(rows).join(', ')}, not wholly on the screen`
				);
		}

		// Foot above the band's foot: in reach mode a primary action pinned to the step's foot (it or
		// a part holding it sticks to the bottom, and does stick: it stands higher than where it
		// would lie unpinned) rests on the accessibility button's strip at the band's bottom, no
		// higher.
		if (reach && main && rendered(main)) {
			let pinned: HTMLElement | null = main as HTMLElement;
			while (pinned && getComputedStyle(pinned).bottom === 'auto') pinned = pinned.parentElement;
			if (pinned && getComputedStyle(pinned).position === 'sticky') {
				const { bottom } = main.getBoundingClientRect();
				const kept = pinned.style.position;
				pinned.style.position = 'static';
				const unpinned = main.getBoundingClientRect().bottom;
				pinned.style.position = kept;
				if (unpinned > bottom + SLACK && reach.bottom - bottom > FOOT_ROOM + SLACK)
					problems.push(
						`foot above the band's foot: ${name(main)} ends at ${Math.round(bottom)} px, ${Math.round(reach.bottom - bottom)} px above the band's bottom ${reach.bottom} (at most ${FOOT_ROOM})`
					);
			}
		}

		// Outside the reach band.
		if (reach) {
			const outside = (top: number, bottom: number) =>
				top < reach.top - SLACK || bottom > reach.bottom + SLACK;
			const screen = document.querySelector('.guest-screen');
			if (screen) {
				const box = screen.getBoundingClientRect();
				if (outside(box.top, box.bottom))
					problems.push(
						`outside the reach band: the guest screen at ${Math.round(box.top)}–${Math.round(box.bottom)} px (band ${reach.top}–${reach.bottom})`
					);
			}
			for (const control of controls) {
				const { top, bottom, seen } = visibleRect(control);
				if (seen && outside(top, bottom))
					problems.push(
						`outside the reach band: ${name(control)} at ${Math.round(top)}–${Math.round(bottom)} px (band ${reach.top}–${reach.bottom})`
					);
			}
		}

		// Covered: at one of nine points of the control's visible part (its centre and a 3×3 grid
		// inset from its edges, the corners by as much as its rounding leaves unpainted) something
		// else lies, and stays there when the control is scrolled to the middle of its part (a card
		// that slid under the order sheet comes out). The staff's transparent corner is no cover.
		const INSET = 4;
		const coveredAt = (control: HTMLElement) => {
			const { left, top, right, bottom, seen } = visibleRect(control);
			if (!seen) return null;
			const box = control.getBoundingClientRect();
			const radius = Math.min(
				parseFloat(getComputedStyle(control).borderTopLeftRadius) || 0,
				box.width / 2,
				box.height / 2
			);
			const inset = Math.max(INSET, Math.ceil(radius * (1 - Math.SQRT1_2)) + 1);
			const across = (low: number, high: number) =>
				high - low > 2 * inset ? [low + inset, (low + high) / 2, high - inset] : [(low + high) / 2];
			const labels = 'labels' in control ? [...((control as HTMLInputElement).labels ?? [])] : [];
			for (const y of across(top, bottom))
				for (const x of across(left, right)) {
					const hit = document.elementFromPoint(x, y);
					const clear =
						hit &&
						(control.contains(hit) ||
							hit.contains(control) ||
							hit.matches('[data-staff-only]') ||
							labels.some((label) => label.contains(hit)));
					if (!clear) return { hit, x, y };
				}
			return null;
		};
		const scrollers = [document.scrollingElement!, ...document.querySelectorAll('*')].filter(
			(element) =>
				element.scrollTop > 0 ||
				element.scrollLeft > 0 ||
				element.scrollHeight > element.clientHeight
		);
		for (const control of controls) {
			if (!coveredAt(control)) continue;
			const kept = scrollers.map(
				(element) => [element, element.scrollLeft, element.scrollTop] as const
			);
			control.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
			const covered = coveredAt(control);
			for (const [element, x, y] of kept)
				element.scrollTo({ left: x, top: y, behavior: 'instant' });
			if (covered)
				problems.push(
					`covered: ${name(control)} lies under ${covered.hit ? name(covered.hit) : 'nothing'} at (${Math.round(covered.x)}, ${Math.round(covered.y)})`
				);
		}
		return problems;
	}, rules);
}

/** The tallest run of rows a guest screen may leave empty below its step's top (empty band). */
export const EMPTY_BAND_PX = 64;

/**
 * The empty band rule: the tallest run of viewport rows, from the top of the `main` region to the
 * viewport's bottom, that no content box covers, when it is taller than `EMPTY_BAND_PX`.
 */
async function emptyBands(page: Page): Promise<string[]> {
	return page.evaluate((limit) => {
		const main = [...document.querySelectorAll('main')].find((element) =>
			element.checkVisibility()
		);
		if (!main) return [];
		const from = Math.max(0, Math.floor(main.getBoundingClientRect().top));
		const to = window.innerHeight;
		const covered = new Uint8Array(Math.max(0, to - from));
		const painted = (style: CSSStyleDeclaration) =>
			!/^rgba\(.*, 0\)$|^transparent$/.test(style.backgroundColor) ||
			style.backgroundImage !== 'none' ||
			style.boxShadow !== 'none' ||
			['Top', 'Right', 'Bottom', 'Left'].some(
				(side) =>
					parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 &&
					style.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none'
			);
		for (const element of document.querySelectorAll<HTMLElement>('body *')) {
			if (element.contains(main) || !element.checkVisibility({ visibilityProperty: true }))
				continue;
			const style = getComputedStyle(element);
			const content =
				[...element.childNodes].some(
					(node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim()
				) ||
				element.matches('img, svg, video, canvas, picture, button, input, select, textarea') ||
				painted(style);
			if (!content) continue;
			// What of it is on the screen: cut by every part above it that clips.
			let { top, bottom } = element.getBoundingClientRect();
			for (let node: HTMLElement = element; node.parentElement; node = node.parentElement) {
				if (getComputedStyle(node).position === 'fixed') break;
				if (getComputedStyle(node.parentElement).overflowY === 'visible') continue;
				const outer = node.parentElement.getBoundingClientRect();
				top = Math.max(top, outer.top);
				bottom = Math.min(bottom, outer.bottom);
			}
			for (let row = Math.max(from, Math.floor(top)); row < Math.min(to, Math.ceil(bottom)); row++)
				covered[row - from] = 1;
		}
		let tallest = { top: 0, height: 0 };
		for (let row = 0, start = 0; row <= covered.length; row++) {
			if (row < covered.length && !covered[row]) continue;
			if (row - start > tallest.height) tallest = { top: from + start, height: row - start };
			start = row + 1;
		}
		return tallest.height > limit
			? [
					`empty band: ${tallest.height} px of nothing at ${tallest.top}–${tallest.top + tallest.height} px (at most ${limit})`
				]
			: [];
	}, EMPTY_BAND_PX);
}

/** One defect: where it was found, and what. */
export interface Finding {
	screen: string;
	viewport: string;
	mode: string;
	language: string;
	what: string;
}

/**
 * The defects of a walk over the screens, collected so that one run shows them all; `expectNone`
 * fails once, listing each as "screen · viewport · mode · language: what".
 */
export class LayoutFindings {
	readonly found: Finding[] = [];

	/**
	 * Measures the screen shown now (layout rules and axe; the empty band rule where it
	 * `fillsScreen`) and keeps what is wrong.
	 */
	async check(
		page: Page,
		where: Omit<Finding, 'what'>,
		rules: ScreenRules & { highContrast: boolean; fillsScreen?: boolean }
	): Promise<void> {
		await atRest(page);
		const bands = rules.fillsScreen ? await emptyBands(page) : [];
		const layout = [...(await layoutProblems(page, rules)), ...bands];
		const axe = await axeViolations(page, { enhancedContrast: rules.highContrast });
		const problems = [...layout, ...axe.map((violation) => `axe ${violation}`)];
		for (const what of problems) this.found.push({ ...where, what });
	}

	/** Fails once on the defects found, each as "screen · viewport · mode · language: what". */
	expectNone(): void {
		const lines = this.found.map((finding) => {
			const { screen, viewport, mode, language, what } = finding;
			return `${[screen, viewport, mode, language].filter(Boolean).join(' · ')}: ${what}`;
		});
		expect(lines, `${lines.length} layout defects:\n${lines.join('\n')}`).toEqual([]);
	}
}
