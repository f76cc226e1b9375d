/**
 * Authentication walked over every operation of the route table:
 * spec 1 Authentication 1–4, spec 2 Authentication 1–3, spec 3 Authentication.
 */
import { describe, expect, it } from 'vitest';
import { platformRoutes } from '@venue-kiosk/platform-sim/routes.ts';
import { useSimulator } from './harness.ts';

const sim = useSimulator();

/** A concrete path for a route: every `:param` becomes a harmless placeholder. */
const concrete = (path: string) => path.replace(/:(\w+)/g, 'placeholder-$1');

describe.each(platformRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
	'%s',
	(_, route) => {
		it(`401 ${route.unauthorizedCode} with empty descriptors without X-API-Key (spec 1 Auth 2; spec 2 Auth 2; spec 3 Auth)`, async () => {
			const result = await sim.call(null, route.method, concrete(route.path));
			expect(result.status).toBe(401);
			expect(result.body).toEqual({
				errorModel: {
					errorCode: route.unauthorizedCode,
					message: expect.any(String),
					descriptors: []
				}
			});
		});

		it(`401 ${route.unauthorizedCode} for the key of a disabled device (spec 3: "does not exist or is disabled")`, async () => {
			const result = await sim.call('dev_retired_main', route.method, concrete(route.path));
			expect(result.status).toBe(401);
			expect(result.body.errorModel.errorCode).toBe(route.unauthorizedCode);
		});

		if (route.authority) {
			it(`403 EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY without ${route.authority} (spec 1 Auth 4; spec 2 Auth 3; spec 3 Auth)`, async () => {
				const result = await sim.call('dev_info_main', route.method, concrete(route.path));
				expect(result.status).toBe(403);
				expect(result.body.errorModel.errorCode).toBe('EXTERNAL_DEVICE_HAS_NO_RIGHT_AUTHORITY');
			});
		}
	}
);

describe('authorities the spec requires', () => {
	it('deposits need REVO, credits CREDIT, counter orders ORDER; identity any valid key', () => {
		const authorityOf = (prefix: string) =>
			new Set(platformRoutes.filter((r) => r.path.includes(prefix)).map((r) => r.authority));
		expect(authorityOf('hybrid-revo-token')).toEqual(new Set(['REVO']));
		expect(authorityOf('revo-union')).toEqual(new Set(['REVO']));
		expect(authorityOf('credit-transactions')).toEqual(new Set(['CREDIT']));
		expect(authorityOf('counter-orders')).toEqual(new Set(['ORDER']));
		expect(authorityOf('desks')).toEqual(new Set(['ORDER']));
		expect(platformRoutes.find((r) => r.path === '/v1/integrations/me')?.authority).toBeUndefined();
	});
});
