import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AttemptLimiter } from '../auth/rate-limit.ts';
import { Settings } from '../settings.ts';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { checkScreenPin, hasScreenPin, setScreenPin } from './screen-pin.ts';

const LIMITS = { limit: 5, windowMs: 60_000 };

describe.each(ENGINES)('checkScreenPin on %s', (engine) => {
	let store: Store;
	beforeEach(async () => {
		store = await openTestStore(engine);
	});
	afterEach(() => store.close());

	it('accepts the PIN, refuses others, and stops a client after 5 wrong ones', async () => {
		const settings = new Settings(store);
		await setScreenPin(settings, '4711');
		const attempts = new AttemptLimiter(store, LIMITS);
		expect(await checkScreenPin(attempts, settings, '4711', 'a')).toBe('ok');
		for (let i = 0; i < 5; i += 1) {
			expect(await checkScreenPin(attempts, settings, '0000', 'a')).toBe('wrong-pin');
		}
		// Even the right PIN waits now; another client does not.
		expect(await checkScreenPin(attempts, settings, '4711', 'a')).toBe('rate-limited');
		expect(await checkScreenPin(attempts, settings, '4711', 'b')).toBe('ok');
	});

	it('without a PIN set, nothing is accepted', async () => {
		const settings = new Settings(store);
		expect(await hasScreenPin(settings)).toBe(false);
		expect(await checkScreenPin(new AttemptLimiter(store), settings, '1234', 'a')).toBe(
			'wrong-pin'
		);
	});

	it('wrong PINs alternating between two servers are refused after the limit', async () => {
		const settings = new Settings(store);
		await setScreenPin(settings, '4711');
		const servers = [new AttemptLimiter(store, LIMITS), new AttemptLimiter(store, LIMITS)];
		for (let i = 0; i < 5; i += 1) {
			expect(await checkScreenPin(servers[i % 2]!, settings, '0000', 'a')).toBe('wrong-pin');
		}
		expect(await checkScreenPin(servers[1]!, settings, '4711', 'a')).toBe('rate-limited');
	});

	it('20 wrong PINs at once are all counted: 5 are checked, 15 refused unchecked', async () => {
		const settings = new Settings(store);
		await setScreenPin(settings, '4711');
		const servers = [new AttemptLimiter(store, LIMITS), new AttemptLimiter(store, LIMITS)];
		const checks = await Promise.all(
			Array.from({ length: 20 }, (_, i) => checkScreenPin(servers[i % 2]!, settings, '0000', 'a'))
		);
		expect(checks.filter((check) => check === 'wrong-pin')).toHaveLength(5);
		expect(checks.filter((check) => check === 'rate-limited')).toHaveLength(15);
		const counted = await store.db
			.selectFrom('login_attempts')
			.select('attempts')
			.where('client', '=', 'a')
			.executeTakeFirstOrThrow();
		expect(counted.attempts).toBe(20);
	});
});
