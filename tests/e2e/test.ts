/**
 * The browser tests' `test`: Playwright's, and every test fails on a Content-Security-Policy
 * violation in any page it opened. The pages' CSP (src/lib/server/http/content-security-policy.ts)
 * refuses what it does not allow quietly, as far as the page can tell (a script not run, a picture
 * not shown), so every flow the tests walk through is also a check that the policy lets it work.
 *
 * Chromium reports each violation as a console error ("Refused to …, because it violates the
 * following Content Security Policy directive"), in a page or in its workers. Every context of
 * the test's browser is watched; a test that launches a browser of its own (a fake camera, a
 * persistent profile) hands it, or its context, to `watchCsp`.
 */
import {
	test as base,
	type Browser,
	type BrowserContext,
	type ConsoleMessage
} from '@playwright/test';

export { expect } from '@playwright/test';

/** The violations seen since the current test began. */
const violations: string[] = [];
const watched = new WeakSet<Browser | BrowserContext>();

function isViolation(message: ConsoleMessage): boolean {
	return message.type() === 'error' && message.text().includes('Content Security Policy');
}

function watchContext(context: BrowserContext): void {
	if (watched.has(context)) return;
	watched.add(context);
	context.on('console', (message) => {
		if (isViolation(message)) violations.push(`${message.location().url}: ${message.text()}`);
	});
}

/** Watches `target` (every context of a browser, now and later) for CSP violations. */
export function watchCsp<T extends Browser | BrowserContext>(target: T): T {
	if ('contexts' in target) {
		if (!watched.has(target)) {
			watched.add(target);
			target.contexts().forEach(watchContext);
			target.on('context', watchContext);
		}
	} else {
		watchContext(target);
	}
	return target;
}

/**
 * The violations seen so far in this test, which then no longer fail it: for a test that makes
 * one on purpose, to see that the policy refuses it.
 */
export function takeCspViolations(): string[] {
	return violations.splice(0);
}

export const test = base.extend<{ noCspViolations: void }>({
	browser: [
		async ({ browser }, use) => {
			await use(watchCsp(browser));
		},
		{ scope: 'worker' }
	],
	noCspViolations: [
		// eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from it
		async ({}, use) => {
			violations.length = 0;
			await use();
			if (violations.length > 0) {
				throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
			}
		},
		{ auto: true }
	]
});
