/**
 * The control API under `/_sim/` (not part of the platform; no key): reset, seed, clock,
 * faults, the request log, callbacks and settings here; the per-domain controls live beside
 * their rules.
 */
import { z } from 'zod';
import { fromMinor } from '@venue-kiosk/vocabulary/money.ts';
import { counterOrderControlRoutes } from '../counter-orders/control.ts';
import { creditControlRoutes } from '../credits/control.ts';
import { depositControlRoutes } from '../deposits/control.ts';
import { faultSchema } from '../faults.ts';
import type { ControlRoute } from '../routing.ts';
import { isoTime, type SimState } from '../state.ts';
import { parseWith } from '../validation.ts';
import { identityControlRoutes } from '../identity/control.ts';
import { guestPageRoutes } from './guest-page.ts';

/** VAT basis points → the spec's number (1900 → 19, 550 → 5.5). */
export function vatRate(vatBp: number): number {
	return fromMinor(vatBp, 'EUR');
}

function seedView(state: SimState) {
	const currency = (organizationId: string) =>
		state.organizations.find((org) => org.id === organizationId)?.currencyCode ?? 'EUR';
	return {
		organizations: state.organizations.map(({ id, name }) => ({ id, name })),
		devices: state.devices.map(({ id, name, apiKey, placeId, authorities, enabled }) => ({
			id,
			name,
			apiKey,
			placeId,
			authorities,
			enabled
		})),
		places: state.places.map(({ id, name, organizationId }) => ({ id, name, organizationId })),
		wallets: state.wallets.map(
			({ id, balanceMinor, currencyCode, holderName, organizationId }) => ({
				id,
				balance: fromMinor(balanceMinor, currencyCode),
				currencyCode,
				holderName,
				organizationId
			})
		),
		products: state.products.map((product) => ({
			productId: product.productId,
			name: product.name,
			grossPrice: fromMinor(product.grossMinor, currency(product.organizationId)),
			vat: vatRate(product.vatBp),
			placeIds: product.placeIds,
			loyaltyDiscountPercent: vatRate(product.loyaltyDiscountBp)
		})),
		depositProducts: state.depositConfigurations.flatMap(
			(configuration) =>
				configuration.versions
					.at(-1)
					?.hybridProducts.map(({ productId, categoryId }) => ({ productId, categoryId })) ?? []
		),
		desks: state.desks.map(({ id, placeId, type, name, enabled }) => ({
			id,
			placeId,
			type,
			name,
			enabled
		})),
		transactionKeys: state.transactionKeys.map(({ key, walletId }) => ({ key, walletId }))
	};
}

const clockSchema = z.strictObject({
	advanceMinutes: z
		.number()
		.min(0)
		.max(60 * 24 * 365)
});
const callbackUrlSchema = z.strictObject({
	url: z.url({ protocol: /^https?$/ }).nullable(),
	deviceId: z.string().min(1).optional()
});
const settingsSchema = z.strictObject({
	transactionKeyTtlMinutes: z
		.number()
		.positive()
		.max(24 * 60)
		.optional(),
	previewTtlMinutes: z
		.number()
		.positive()
		.max(24 * 60)
		.optional(),
	callbackBaseDelayMs: z.int().min(1).max(600_000).optional(),
	callbackMaxAttempts: z.int().min(1).max(20).optional()
});

const coreRoutes: ControlRoute[] = [
	{
		method: 'POST',
		path: '/_sim/reset',
		handle({ sim }) {
			sim.reset();
			return { status: 204 };
		}
	},
	{
		method: 'GET',
		path: '/_sim/seed',
		handle: ({ sim }) => ({ status: 200, body: seedView(sim.state) })
	},
	{
		method: 'POST',
		path: '/_sim/clock',
		handle({ sim, request }) {
			const { advanceMinutes } = parseWith(clockSchema, request.body);
			sim.state.clock.advance(Math.round(advanceMinutes * 60_000));
			sim.runDueChecks();
			return { status: 200, body: { now: isoTime(sim.state.clock.now()) } };
		}
	},
	{
		method: 'GET',
		path: '/_sim/clock',
		handle: ({ sim }) => ({ status: 200, body: { now: isoTime(sim.state.clock.now()) } })
	},
	{
		method: 'POST',
		path: '/_sim/faults',
		handle({ sim, request }) {
			sim.faults.add(parseWith(faultSchema, request.body));
			return { status: 201, body: sim.faults.list() };
		}
	},
	{
		method: 'GET',
		path: '/_sim/faults',
		handle: ({ sim }) => ({ status: 200, body: sim.faults.list() })
	},
	{
		method: 'DELETE',
		path: '/_sim/faults',
		handle({ sim }) {
			sim.faults.clear();
			return { status: 204 };
		}
	},
	{
		// The platform calls since the last reset or clear, oldest first (control calls not logged).
		method: 'GET',
		path: '/_sim/requests',
		handle: ({ sim }) => ({ status: 200, body: sim.requests.list() })
	},
	{
		method: 'DELETE',
		path: '/_sim/requests',
		handle({ sim }) {
			sim.requests.clear();
			return { status: 204 };
		}
	},
	{
		method: 'PUT',
		path: '/_sim/callback-url',
		handle({ sim, request }) {
			const { url, deviceId } = parseWith(callbackUrlSchema, request.body);
			const target = deviceId ?? '*';
			if (url === null) sim.state.callbackUrls.delete(target);
			else sim.state.callbackUrls.set(target, url);
			return { status: 200, body: Object.fromEntries(sim.state.callbackUrls) };
		}
	},
	{
		method: 'GET',
		path: '/_sim/callbacks',
		handle: ({ sim }) => ({ status: 200, body: sim.state.callbackAttempts })
	},
	{
		method: 'PUT',
		path: '/_sim/settings',
		handle({ sim, request }) {
			Object.assign(sim.state.settings, parseWith(settingsSchema, request.body));
			return { status: 200, body: sim.state.settings };
		}
	}
];

export const controlRoutes: ControlRoute[] = [
	...coreRoutes,
	...creditControlRoutes,
	...depositControlRoutes,
	...counterOrderControlRoutes,
	...identityControlRoutes,
	...guestPageRoutes
];
