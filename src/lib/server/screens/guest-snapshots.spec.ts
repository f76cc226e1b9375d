import { NO_FACTS } from '#lib/shared/food-facts.ts';
import { describe, expect, it } from 'vitest';
// The one spec across the layers: the kiosk's reading of the snapshot held to the server's quote.
// eslint-disable-next-line no-restricted-imports
import { menuOf } from '#lib/kiosk/menu.ts';
import type { Product } from '../catalog/product.ts';
import { Settings } from '../settings.ts';
import type { ServerContext } from '../context.ts';
import type { PlatformView } from '../devices/platform-view.ts';
import type { DepositConfiguration } from '../platform/deposits.ts';
import type { ExternalDevice } from '../platform/identity.ts';
import { placeMediaAddress } from './place-media.ts';
import { externalDevice } from '../platform/testing/fixtures.ts';
import { quoteSale } from '../sales/quote.ts';
import {
	depositTermsOf,
	kioskSnapshot,
	menuItemsOf,
	returnSnapshot,
	unattendedMenu
} from './guest-snapshots.ts';

const product = (id: string, overrides: Partial<Product> = {}): Product => ({
	id,
	category: 'drinks',
	name: { en: id },
	description: {},
	grossMinor: 450,
	currencyCode: 'EUR',
	vatBp: 1900,
	image: null,
	available: true,
	position: 0,
	options: [],
	facts: NO_FACTS,
	minAge: 0,
	...overrides
});

const cup = (
	overrides: Partial<DepositConfiguration['hybridRevoTokenProducts'][number]['hybridCategory']> = {}
) => ({
	id: 'cat_cup',
	expirationHours: 48,
	depositGrossMinor: 200,
	currencyCode: 'EUR',
	revoTokenCategory: { id: 'cat_cup', name: 'Cup 0.4 l', currencyCode: 'EUR' },
	...overrides
});

const configuration: DepositConfiguration = {
	revoTokenProducts: [],
	hybridRevoTokenProducts: [
		{ id: 'h1', productId: 'pils', hybridCategory: cup() },
		{ id: 'h2', productId: 'radler', hybridCategory: cup() },
		{
			id: 'h3',
			productId: 'wine',
			hybridCategory: cup({ id: 'cat_glass', depositGrossMinor: 500, revoTokenCategory: undefined })
		},
		{ id: 'h4', productId: 'sake', hybridCategory: cup({ id: 'cat_yen', currencyCode: 'JPY' }) }
	]
};

const products = [
	product('pils'),
	product('radler'),
	product('wine'),
	product('sake'),
	product('water'),
	product('sold-out', { available: false })
];

function view(overrides: Partial<PlatformView> = {}): PlatformView {
	return {
		identity: externalDevice() as ExternalDevice,
		identityFetchedAt: '2026-11-23T08:00:00.000Z',
		identityError: null,
		deposits: 'active',
		depositConfiguration: configuration,
		depositsFetchedAt: '2026-11-23T08:00:01.000Z',
		depositsError: null,
		...overrides
	};
}

function context(platformView = view(), stored: Record<string, unknown> = {}): ServerContext {
	const stub = {
		views: { get: () => platformView },
		catalog: {
			list: ({ availableOnly = false }: { availableOnly?: boolean } = {}) =>
				products.filter((entry) => !availableOnly || entry.available)
		},
		// Settings' own typed reading over the stored values.
		settings: { get: async (key: string) => stored[key], typed: Settings.prototype.typed },
		terminals: { cardTerminalOf: async () => null }
	};
	return stub as unknown as ServerContext;
}

const NOW = new Date('2026-11-23T09:30:00.000Z');

describe('the guest screens’ snapshots', () => {
	it('the place’s picture and clip as this server’s addresses, never the platform’s URLs', async () => {
		const device = externalDevice() as ExternalDevice;
		const identity = {
			...device,
			place: {
				...device.place,
				avatarMedia: {
					id: 'media_clip',
					processingStatus: 'COMPLETE' as const,
					mediaType: 'VIDEO' as const,
					uris: [
						{ src: 'https://cdn.example/stage.mp4', URIType: 'VIDEO' as const },
						{ src: 'https://cdn.example/stage.jpg', URIType: 'VIDEO_THUMBNAIL' as const }
					]
				}
			}
		};
		const snapshot = await kioskSnapshot(context(view({ identity })), 'dev-1', NOW);
		expect(snapshot.identity.value).toMatchObject({
			avatar: placeMediaAddress('picture', 'https://cdn.example/stage.jpg'),
			avatarClip: placeMediaAddress('clip', 'https://cdn.example/stage.mp4')
		});
		expect(JSON.stringify(snapshot)).not.toContain('cdn.example');
	});

	it('the kiosk’s: identity without ids, deposit terms and menu with their fetch times', async () => {
		const snapshot = await kioskSnapshot(context(), 'dev-1', NOW);
		expect(snapshot).toMatchObject({
			screen: 'kiosk',
			deviceId: 'dev-1',
			servedAt: NOW.toISOString(),
			identity: {
				value: {
					organization: 'Riverside Open Air',
					place: 'Main Stage Bar',
					authorities: ['REVO', 'CREDIT', 'KIOSK'],
					desks: [{ name: 'Bar counter', enabled: true }]
				},
				fetchedAt: '2026-11-23T08:00:00.000Z'
			},
			deposits: { fetchedAt: '2026-11-23T08:00:01.000Z' },
			features: { deposits: true, loyalty: true },
			settings: { value: { cardTerminal: null }, fetchedAt: NOW.toISOString() }
		});
		expect(snapshot.menu.value.map((item) => item.id)).toEqual([
			'pils',
			'radler',
			'wine',
			'sake',
			'water',
			'sold-out'
		]);
		expect(JSON.stringify(snapshot)).not.toMatch(/dev_kiosk_main|org_riverside|place_main_stage/);
	});

	it('deposit terms: one category each, named by its token category or else its id', () => {
		expect(depositTermsOf(configuration).categories).toEqual([
			{
				id: 'cat_cup',
				name: 'Cup 0.4 l',
				unitMinor: 200,
				currencyCode: 'EUR',
				expirationHours: 48
			},
			{
				id: 'cat_glass',
				name: 'cat_glass',
				unitMinor: 500,
				currencyCode: 'EUR',
				expirationHours: 48
			},
			{ id: 'cat_yen', name: 'Cup 0.4 l', unitMinor: 200, currencyCode: 'JPY', expirationHours: 48 }
		]);
	});

	it('carries the names staff gave the categories and containers to the screens', async () => {
		const names = {
			categories: { drinks: { de: 'Getränke vom Fass' } },
			containers: { cat_cup: { de: 'Mehrwegbecher 0,4 l' } }
		};
		const snapshot = await kioskSnapshot(context(view(), { 'menu-names': names }), 'dev-1', NOW);
		expect(snapshot.menu.value[0]!.categoryNames).toEqual({ de: 'Getränke vom Fass' });
		expect(snapshot.deposits.value?.categories[0]).toMatchObject({
			id: 'cat_cup',
			name: 'Cup 0.4 l',
			names: { de: 'Mehrwegbecher 0,4 l' }
		});
		const menu = menuOf(snapshot.menu.value, snapshot.deposits.value);
		expect(menu.find((item) => item.deposit)?.deposit?.names).toEqual({
			de: 'Mehrwegbecher 0,4 l'
		});
		const station = await returnSnapshot(context(view(), { 'menu-names': names }), 'r-1', NOW);
		expect(station.deposits.value?.categories[0]?.names).toEqual({ de: 'Mehrwegbecher 0,4 l' });
	});

	it('no deposit terms and no deposits while the configuration is off or unknown', async () => {
		for (const deposits of ['off', 'unknown'] as const) {
			const snapshot = await kioskSnapshot(context(view({ deposits })), 'dev-1', NOW);
			expect(snapshot.deposits.value).toBeNull();
			expect(snapshot.features.deposits).toBe(false);
		}
	});

	it('what the menu promises per product is what the quote charges for it', async () => {
		const snapshot = await kioskSnapshot(context(), 'dev-1', NOW);
		const menu = menuOf(snapshot.menu.value, snapshot.deposits.value);
		for (const item of menu.filter((entry) => !entry.soldOut)) {
			const quote = quoteSale({
				basket: [{ productId: item.id, quantity: 2 }],
				products,
				depositConfiguration: configuration,
				depositVatBp: 0,
				serviceFee: { minor: 0, vatBp: 0 }
			});
			if (!quote.ok) throw new Error(`no quote for ${item.id}`);
			expect(quote.quote.depositMinor, item.id).toBe(2 * (item.deposit?.unitMinor ?? 0));
			expect(quote.quote.depositLines[0]?.categoryId, item.id).toBe(item.deposit?.categoryId);
		}
	});

	it('an unattended kiosk is served no age-restricted product or choice', async () => {
		const rum = { id: 'rum', name: { en: 'Rum' }, priceMinor: 200, minAge: 18 };
		const ice = { id: 'ice', name: { en: 'Ice' }, priceMinor: 0 };
		const menu = [
			product('beer', { minAge: 16 }),
			product('lemonade', {
				options: [{ id: 'extra', name: { en: 'Extra' }, min: 0, max: 2, choices: [rum, ice] }]
			}),
			// Its only way to be ordered needs an age: gone with it.
			product('grog', {
				options: [{ id: 'spirit', name: { en: 'Spirit' }, min: 1, max: 1, choices: [rum] }]
			})
		];
		const unattended = unattendedMenu(menu);
		expect(unattended.map((entry) => entry.id)).toEqual(['lemonade']);
		expect(unattended[0]!.options).toEqual([
			{ id: 'extra', name: { en: 'Extra' }, min: 0, max: 1, choices: [ice] }
		]);

		const served = async (unattendedKiosk: boolean) => {
			const stub = context(view(), { 'unattended:k-1': unattendedKiosk });
			const snapshot = await kioskSnapshot(
				{ ...stub, catalog: { list: async () => menu } } as unknown as ServerContext,
				'k-1',
				NOW
			);
			return snapshot.menu.value.map((item) => [item.id, item.minAge]);
		};
		expect(await served(false)).toEqual([
			['beer', 16],
			['lemonade', 0],
			['grog', 0]
		]);
		expect(await served(true)).toEqual([['lemonade', 0]]);
	});

	it('the menu marks what is sold out and keeps it; the return station’s has no menu', async () => {
		const items = menuItemsOf(products);
		expect(items.find((item) => item.id === 'sold-out')?.soldOut).toBe(true);
		expect(items.filter((item) => item.soldOut).map((item) => item.id)).toEqual(['sold-out']);
		const snapshot = await returnSnapshot(
			context(view({ identity: null, identityFetchedAt: null })),
			'r-1',
			NOW
		);
		expect(snapshot).toMatchObject({
			screen: 'return',
			identity: { value: null, fetchedAt: null },
			settings: { value: { staffAttended: false } }
		});
		expect(snapshot).not.toHaveProperty('menu');
	});
});
