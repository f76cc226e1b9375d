/**
 * What the speech guide says, in Chromium (focus events and mutation observers are the
 * browser's): speech-guide.ts as it is, on a page shaped like a guest screen's step.
 */
import type { Browser, Page } from '@playwright/test';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openModulePage } from './testing/module-page.ts';

const PAGE = `<!doctype html>
<div id="screen"></div>
<button id="outside">Outside the screen</button>
<script type="module">
	import { SpeechGuide } from './speech-guide.ts';
	window.said = [];
	new SpeechGuide(document.getElementById('screen'), (text) => said.push(text), {
		selected: () => 'selected',
		unavailable: () => 'not available'
	}).start();
	window.ready = true;
</script>`;

let browser: Browser;
let page: Page;

beforeAll(async () => {
	({ browser, page } = await openModulePage(PAGE));
});

afterAll(() => browser?.close());

beforeEach(async () => {
	await page.evaluate(() => {
		document.getElementById('screen')!.innerHTML = `
			<main>
				<h1 id="title" tabindex="-1">How would you like to pay?</h1>
				<p id="price">€5.50</p>
				<button id="add" aria-label="Add Pilsner" aria-describedby="price">+ Add</button>
				<button id="beer" aria-pressed="true">Beer</button>
				<button id="pay" aria-disabled="true">Pay</button>
				<dl><div data-speak><dt>Total</dt> <dd>€15.50</dd></div></dl>
				<p class="notice" role="alert"></p>
			</main>`;
		(window as unknown as { said: string[] }).said.length = 0;
	});
});

const said = () => page.evaluate(() => [...(window as unknown as { said: string[] }).said]);

describe('what the screen says', () => {
	it('a step as it opens: its heading, then what it marks as its news', async () => {
		await page.focus('#title');
		expect(await said()).toEqual(['How would you like to pay?. Total €15.50']);
	});

	it('the focused control: its name, what describes it, its state', async () => {
		await page.focus('#add');
		await page.focus('#beer');
		await page.focus('#pay');
		expect(await said()).toEqual(['Add Pilsner. €5.50', 'Beer. selected', 'Pay. not available']);
	});

	it('a message in a live region, once per change of its words', async () => {
		await page.evaluate(() => {
			const alert = document.querySelector('[role="alert"]')!;
			alert.textContent = 'The card was declined.';
		});
		await expect.poll(said).toEqual(['The card was declined.']);
		await page.evaluate(() => {
			const alert = document.querySelector('[role="alert"]')!;
			alert.textContent = 'The card was declined.';
			alert.textContent = 'Please try again.';
		});
		await expect.poll(said).toEqual(['The card was declined.', 'Please try again.']);
	});

	it('nothing from outside the screen', async () => {
		await page.focus('#outside');
		expect(await said()).toEqual([]);
	});
});
