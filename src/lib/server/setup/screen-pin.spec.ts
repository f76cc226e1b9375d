import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from '../auth/rate-limit.ts';
import { Settings } from '../settings.ts';
import { openDatabase } from '../store/database.ts';
import { checkScreenPin, setScreenPin } from './screen-pin.ts';

describe('checkScreenPin', () => {
	it('accepts the PIN, refuses others, and stops a client after 5 wrong ones', async () => {
		const settings = new Settings(openDatabase(':memory:'));
		await setScreenPin(settings, '4711');
		const attempts = new AttemptLimiter(5, 60_000);
		expect(await checkScreenPin(attempts, settings, '4711', 'a')).toBe('ok');
		for (let i = 0; i < 5; i += 1) {
			expect(await checkScreenPin(attempts, settings, '0000', 'a')).toBe('wrong-pin');
		}
		// Even the right PIN waits now; another client does not.
		expect(await checkScreenPin(attempts, settings, '4711', 'a')).toBe('rate-limited');
		expect(await checkScreenPin(attempts, settings, '4711', 'b')).toBe('ok');
	});

	it('without a PIN set, nothing is accepted', async () => {
		const settings = new Settings(openDatabase(':memory:'));
		expect(await checkScreenPin(new AttemptLimiter(), settings, '1234', 'a')).toBe('wrong-pin');
	});
});
