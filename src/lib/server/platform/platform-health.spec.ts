import { describe, expect, it, vi } from 'vitest';
import {
	PlatformApiError,
	PlatformMalformedResponseError,
	PlatformNetworkError,
	PlatformTimeoutError
} from './errors.ts';
import { PlatformHealth } from './platform-health.ts';

const PAUSE_MS = 30_000;
const unavailable = new PlatformApiError('x', 503, 'SERVICE_UNAVAILABLE', '', []);
const refused = new PlatformApiError('x', 400, 'VALIDATION', '', []);
const noAnswer = new PlatformNetworkError('x', 'socket hang up', 'uncertain');
const tooSlow = new PlatformTimeoutError('x', 1500);

function health(probeDeposits?: () => Promise<unknown>) {
	const clock = { now: 0 };
	const tracker = new PlatformHealth({ pauseMs: PAUSE_MS, probeDeposits, now: () => clock.now });
	return { tracker, clock };
}

describe('PlatformHealth', () => {
	it('all parts usable until a call of one goes unanswered; only that part pauses', () => {
		const { tracker } = health();
		expect(tracker.parts()).toEqual({ loyalty: true, deposits: true });
		tracker.observe('createCreditTransactionPreview', noAnswer);
		expect(tracker.parts()).toEqual({ loyalty: false, deposits: true });
	});

	it('no answer, a time-out or a 5xx pause; an answer about the request (4xx, malformed) does not', () => {
		for (const error of [noAnswer, tooSlow, unavailable]) {
			const { tracker } = health();
			tracker.observe('createHybridRevoTokenTransactionByIntegration', error);
			expect(tracker.parts().deposits, error.name).toBe(false);
		}
		const malformed = new PlatformMalformedResponseError('x', 200, ['body']);
		for (const error of [refused, malformed]) {
			const { tracker } = health();
			tracker.observe('createHybridRevoTokenTransactionByIntegration', error);
			expect(tracker.parts().deposits, error.name).toBe(true);
		}
	});

	it('an answered call of the part ends the pause at once', () => {
		const { tracker } = health();
		tracker.observe('finalizeCreditTransactionPreview', unavailable);
		tracker.observe('cancelCreditTransaction', null);
		expect(tracker.parts().loyalty).toBe(true);
	});

	it('calls of other parts (identity, counter orders) change nothing', () => {
		const { tracker } = health();
		tracker.observe('getExternalDeviceByIntegration', noAnswer);
		tracker.observe('getCounterOrderByIdByIntegration', unavailable);
		expect(tracker.parts()).toEqual({ loyalty: true, deposits: true });
	});

	it('loyalty is offered again once the pause is over (the next preview is the try)', () => {
		const { tracker, clock } = health();
		tracker.observe('createCreditTransactionPreview', tooSlow);
		clock.now = PAUSE_MS - 1;
		expect(tracker.parts().loyalty).toBe(false);
		clock.now = PAUSE_MS;
		expect(tracker.parts().loyalty).toBe(true);
	});

	it('deposits come back only once a read of the configuration was answered, probed once at a time', async () => {
		let answer: () => void = () => undefined;
		const probe = vi.fn(
			() =>
				new Promise<void>((resolve) => {
					answer = resolve;
				})
		);
		const { tracker, clock } = health(probe);
		tracker.observe('previewHybridRevoTokenTransactionByIntegration', noAnswer);
		expect(tracker.parts().deposits).toBe(false);
		expect(probe).not.toHaveBeenCalled();

		clock.now = PAUSE_MS;
		expect(tracker.parts().deposits).toBe(false);
		expect(tracker.parts().deposits).toBe(false);
		expect(probe).toHaveBeenCalledTimes(1);

		// The probe's read is observed like any call: answered, deposits are back.
		tracker.observe('getRevoUnionConfigurationByIntegration', null);
		answer();
		await Promise.resolve();
		expect(tracker.parts().deposits).toBe(true);
	});

	it('a probe that fails again pauses deposits again', async () => {
		const { tracker, clock } = health(async () => {
			tracker.observe('getRevoUnionConfigurationByIntegration', unavailable);
		});
		tracker.observe('createHybridRevoTokenTransactionByIntegration', unavailable);
		clock.now = PAUSE_MS;
		expect(tracker.parts().deposits).toBe(false);
		await expect.poll(() => tracker.parts().deposits).toBe(false);
		clock.now = PAUSE_MS * 2 - 1;
		expect(tracker.parts().deposits).toBe(false);
	});
});
