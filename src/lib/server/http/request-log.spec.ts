import { describe, expect, it } from 'vitest';
import { requestIdOf } from './request-log.ts';

describe('a request’s id', () => {
	it('is the one it came with when well formed, else a new one', () => {
		expect(requestIdOf('3f2a6c1e-8a8e-4c55-9a57-0d5cf1b0a9e1')).toBe(
			'3f2a6c1e-8a8e-4c55-9a57-0d5cf1b0a9e1'
		);
		expect(requestIdOf('trace:00f067aa0ba902b7.1')).toBe('trace:00f067aa0ba902b7.1');
		for (const sent of [null, '', 'a b', 'x'.repeat(129), '<script>', 'id\nforged: line'])
			expect(requestIdOf(sent), String(sent)).toMatch(
				/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
			);
	});
});
