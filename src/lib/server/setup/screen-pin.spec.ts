import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AttemptThrottle } from '../auth/attempt-throttle.ts';
import { LoginAttempts } from '../auth/login-attempts.ts';
import { Settings } from '../settings.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { checkScreenPin, hasScreenPin, setScreenPin } from './screen-pin.ts';

describe.each(ENGINES)('checkScreenPin on %s', (engine) => {
	let store: Store;
	let settings: Settings;
	let now: number;
	const attempts = () => new LoginAttempts(new AttemptThrottle(store, undefined, () => now));
	beforeEach(async () => {
		store = await openTestStore(engine);
		settings = new Settings(store);
		now = Date.parse('2026-06-01T12:00:00Z');
	});
	afterEach(() => store.close());

	it('accepts the PIN, refuses others, and makes a screen wait after 6 wrong ones; another screen does not', async () => {
		await setScreenPin(settings, '4711');
		const counters = attempts();
		expect(await checkScreenPin(counters, settings, '4711', 'dev_kiosk')).toBe('ok');
		for (let i = 0; i < 6; i += 1) {
			expect(await checkScreenPin(counters, settings, '0000', 'dev_kiosk')).toBe('wrong-pin');
		}
		// Even the right PIN waits now, for a second; the other screen's keypad does not.
		expect(await checkScreenPin(counters, settings, '4711', 'dev_kiosk')).toEqual({
			waitMs: 1_000
		});
		expect(await checkScreenPin(counters, settings, '4711', 'dev_return')).toBe('ok');
		now += 1_000;
		expect(await checkScreenPin(counters, settings, '4711', 'dev_kiosk')).toBe('ok');
	});

	it('without a PIN set, nothing is accepted', async () => {
		expect(await hasScreenPin(settings)).toBe(false);
		expect(await checkScreenPin(attempts(), settings, '1234', 'dev_kiosk')).toBe('wrong-pin');
	});

	it('wrong PINs alternating between two servers are counted together', async () => {
		await setScreenPin(settings, '4711');
		const servers = [attempts(), attempts()];
		for (let i = 0; i < 6; i += 1) {
			expect(await checkScreenPin(servers[i % 2]!, settings, '0000', 'dev_kiosk')).toBe(
				'wrong-pin'
			);
		}
		expect(await checkScreenPin(servers[1]!, settings, '4711', 'dev_kiosk')).toEqual({
			waitMs: 1_000
		});
	});

	it('20 wrong PINs at once: 6 are checked, 14 wait unchecked', async () => {
		await setScreenPin(settings, '4711');
		const servers = [attempts(), attempts()];
		const checks = await Promise.all(
			Array.from({ length: 20 }, (_, i) =>
				checkScreenPin(servers[i % 2]!, settings, '0000', 'dev_kiosk')
			)
		);
		expect(checks.filter((check) => check === 'wrong-pin')).toHaveLength(6);
		expect(checks.filter((check) => typeof check === 'object')).toHaveLength(14);
	});
});
