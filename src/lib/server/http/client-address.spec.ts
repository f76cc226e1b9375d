import { describe, expect, it, vi } from 'vitest';
import { clientAddress, NO_ADDRESS } from './client-address.ts';
import { log } from '../logging/logger.ts';

describe('clientAddress', () => {
	it('is the address adapter-node reads, or one shared name for requests that lack its header', () => {
		expect(clientAddress(() => '10.0.0.7')).toBe('10.0.0.7');
		const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
		const missing = () => {
			throw new Error(
				'Address header was specified with ADDRESS_HEADER=x-forwarded-for but is absent from request'
			);
		};
		expect(clientAddress(missing)).toBe(NO_ADDRESS);
		expect(clientAddress(missing)).toBe(NO_ADDRESS);
		expect(warn).toHaveBeenCalledTimes(1);
		warn.mockRestore();
	});
});
