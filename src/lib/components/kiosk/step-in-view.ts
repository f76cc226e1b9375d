/**
 * A step that fills the screen (`.step-fills-screen`, global.css) as it opens: where large text or
 * reach mode leaves it too little room below the guest header, the screen is taller than its
 * visible part, and the step scrolls itself up into view — its answers at its foot, above the
 * accessibility button's strip — rather than open with them below the fold. The header it scrolls
 * away is a swipe up. Where the whole screen fits, nothing scrolls.
 */
export function stepInView(step: HTMLElement): void {
	step.scrollIntoView({ block: 'end', inline: 'nearest', behavior: 'instant' });
}
