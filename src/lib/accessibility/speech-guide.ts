/**
 * What a guest screen says aloud in accessibility mode, read from the page the way a screen
 * reader reads it — so every screen is spoken without a script per step, and what is spoken is
 * exactly what is shown (EN 301 549 5.1.3.2: the same information as the visual output):
 *
 * - **a new step**: the screens move the focus to each new step's heading; that heading is said,
 *   followed by what the step marks `data-speak` (the total to pay, the order number, the deposit
 *   code's deadline: 5.1.3.16 receipts);
 * - **the focused control**: its name, what describes it (`aria-describedby`: a product's price),
 *   and whether it is chosen or unavailable;
 * - **messages**: what appears in a live region (`role="alert"`, `role="status"`, `aria-live`) —
 *   errors among them (5.1.3.15: non-visual error identification).
 *
 * Every new utterance replaces the one before (SpeechOutput cancels first), as a guest moving on
 * expects. Labels for states come from the caller, in the guest's language.
 */

export interface SpeechGuideLabels {
	selected: () => string;
	unavailable: () => string;
}

const LIVE_REGIONS = '[role="alert"], [role="status"], [aria-live]:not([aria-live="off"])';

/** Text as the screen shows it: whitespace collapsed, hidden parts left out. */
function textOf(element: Element): string {
	if (element instanceof HTMLElement && element.hidden) return '';
	if (element.getAttribute('aria-hidden') === 'true') return '';
	return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function byIds(root: Document, ids: string | null): string {
	return (ids ?? '')
		.split(/\s+/)
		.map((id) => (id ? root.getElementById(id) : null))
		.flatMap((element) => (element ? [textOf(element)] : []))
		.filter(Boolean)
		.join('. ');
}

/** The control's accessible name, as far as the screens need it: label, labelled-by, text. */
function accessibleName(element: Element): string {
	const label = element.getAttribute('aria-label')?.trim();
	if (label) return label;
	const labelledBy = byIds(element.ownerDocument, element.getAttribute('aria-labelledby'));
	if (labelledBy) return labelledBy;
	if (element instanceof HTMLInputElement && element.labels?.[0]) return textOf(element.labels[0]);
	return textOf(element);
}

/** What to say when `element` takes the focus. */
function describeFocus(element: Element, labels: SpeechGuideLabels): string {
	const parts = [accessibleName(element)];
	if (element.tagName === 'H1') {
		// A step's heading: the step (the screen's <main>) says what it marks as its news.
		for (const spoken of element.closest('main')?.querySelectorAll('[data-speak]') ?? [])
			parts.push(textOf(spoken));
	}
	parts.push(byIds(element.ownerDocument, element.getAttribute('aria-describedby')));
	if (element.getAttribute('aria-pressed') === 'true') parts.push(labels.selected());
	if (element.matches(':disabled, [aria-disabled="true"]')) parts.push(labels.unavailable());
	return parts.filter(Boolean).join('. ');
}

/**
 * Says what happens in `root` through `say` from `start()` until the function it returns is
 * called.
 */
export class SpeechGuide {
	readonly #root: HTMLElement;
	readonly #say: (text: string) => void;
	readonly #labels: SpeechGuideLabels;

	constructor(root: HTMLElement, say: (text: string) => void, labels: SpeechGuideLabels) {
		this.#root = root;
		this.#say = say;
		this.#labels = labels;
	}

	start(): () => void {
		const onFocus = (event: FocusEvent) => {
			if (event.target instanceof Element)
				this.#sayIfAny(describeFocus(event.target, this.#labels));
		};
		const said = new WeakMap<Element, string>();
		const observer = new MutationObserver((records) => {
			const changed = new Set<Element>();
			for (const record of records) {
				const node = record.target instanceof Element ? record.target : record.target.parentElement;
				const region = node?.closest(LIVE_REGIONS);
				if (region && this.#root.contains(region)) changed.add(region);
				for (const added of record.addedNodes)
					if (added instanceof Element && added.matches(LIVE_REGIONS)) changed.add(added);
			}
			for (const region of changed) {
				const text = textOf(region);
				// A region re-rendered with the same words is not news.
				if (text && said.get(region) !== text) this.#say(text);
				said.set(region, text);
			}
		});
		this.#root.addEventListener('focusin', onFocus);
		observer.observe(this.#root, { subtree: true, childList: true, characterData: true });
		return () => {
			this.#root.removeEventListener('focusin', onFocus);
			observer.disconnect();
		};
	}

	#sayIfAny(text: string): void {
		if (text) this.#say(text);
	}
}
