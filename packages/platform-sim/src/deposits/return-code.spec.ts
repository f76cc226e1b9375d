import { describe, expect, it } from 'vitest';
import { generateReturnCode, RETURN_CODE_ALPHABET, RETURN_CODE_LENGTH } from './return-code.ts';

describe('generateReturnCode', () => {
	it('gives 40 characters from 0-9 and A-Z without I and O', () => {
		expect(RETURN_CODE_ALPHABET).toHaveLength(34);
		expect(RETURN_CODE_ALPHABET).not.toMatch(/[IO]/);
		const code = generateReturnCode(() => false);
		expect(code).toHaveLength(RETURN_CODE_LENGTH);
		expect(code).toMatch(/^[0-9A-HJ-NP-Z]{40}$/);
	});

	it('uses every symbol of the alphabet as the random source picks it', () => {
		let next = 0;
		const code = generateReturnCode(
			() => false,
			(max) => next++ % max
		);
		expect(code).toBe((RETURN_CODE_ALPHABET + RETURN_CODE_ALPHABET).slice(0, 40));
	});

	it('draws again when the code is already taken', () => {
		let call = 0;
		// The first 40 picks spell '000…0', the next 40 '111…1'.
		const pick = () => (call++ < RETURN_CODE_LENGTH ? 0 : 1);
		const taken = new Set(['0'.repeat(40)]);
		expect(generateReturnCode((code) => taken.has(code), pick)).toBe('1'.repeat(40));
		expect(call).toBe(80);
	});

	it('gives up instead of looping forever when every draw is taken', () => {
		expect(() => generateReturnCode(() => true)).toThrow(/unused return code/);
	});
});
