/**
 * Fault injection for platform calls (`POST /_sim/faults`). A fault matches by method (any when
 * absent) and path (exact, or with `*` standing for one path segment) and affects the next
 * `count` matching calls (default 1):
 * - `status`: answer with that status and an error envelope (`errorCode` when given, else
 *   SERVICE_UNAVAILABLE for a 503 and SIMULATED_FAULT otherwise); the call has no effect. With a
 *   spec code, a test makes the platform refuse a call the simulator would accept (e.g.
 *   COULD_NOT_MAP_BIG_DECIMAL_TO_VAT_ENUM_VALUE, which a kiosk with a valid menu never provokes);
 * - `delay`: wait `delayMs`, then handle the call normally;
 * - `drop`: handle the call (it takes effect), then close the connection with no response.
 */
import { z } from 'zod';

export const faultSchema = z
	.strictObject({
		method: z
			.string()
			.regex(/^[A-Za-z]+$/)
			.transform((method) => method.toUpperCase())
			.optional(),
		path: z.string().startsWith('/'),
		mode: z.enum(['status', 'delay', 'drop']),
		status: z.int().min(400).max(599).optional(),
		errorCode: z
			.string()
			.regex(/^[A-Z][A-Z0-9_]{0,199}$/)
			.optional(),
		delayMs: z.int().min(0).max(120_000).optional(),
		count: z.int().min(1).max(1_000_000).default(1)
	})
	.refine((fault) => fault.errorCode === undefined || fault.mode === 'status', {
		path: ['errorCode'],
		message: 'only with mode status'
	});
export type FaultRequest = z.output<typeof faultSchema>;

export interface Fault extends FaultRequest {
	pattern: RegExp;
	remaining: number;
}

export class FaultList {
	#faults: Fault[] = [];

	add(request: FaultRequest): Fault {
		const escaped = request.path
			.split('*')
			.map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
			.join('[^/]+');
		const fault = { ...request, pattern: new RegExp(`^${escaped}$`), remaining: request.count };
		this.#faults.push(fault);
		return fault;
	}

	/** The first fault matching this call, counted as used; undefined when none applies. */
	take(method: string, path: string): Fault | undefined {
		const fault = this.#faults.find(
			(candidate) =>
				(!candidate.method || candidate.method === method) && candidate.pattern.test(path)
		);
		if (!fault) return undefined;
		fault.remaining -= 1;
		if (fault.remaining <= 0) this.#faults = this.#faults.filter((other) => other !== fault);
		return fault;
	}

	clear(): void {
		this.#faults = [];
	}

	list(): FaultRequest[] {
		return this.#faults.map(({ method, path, mode, status, errorCode, delayMs, remaining }) => ({
			method,
			path,
			mode,
			status,
			errorCode,
			delayMs,
			count: remaining
		}));
	}
}
