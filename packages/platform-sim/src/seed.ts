/**
 * The deterministic demo world: one festival organization with two places, devices of every
 * kind at both, desks of both types, a two-version deposit configuration, a realistic menu in
 * EUR and wallets with plenty, few and no credits. The same seed every time (`POST /_sim/reset`).
 */
import { createHash } from 'node:crypto';
import type { SimClock } from './clock.ts';
import type {
	DepositCategory,
	Device,
	Product,
	SimSettings,
	SimState,
	TransactionKey
} from './state.ts';

export const DEFAULT_SETTINGS: SimSettings = {
	transactionKeyTtlMinutes: 5,
	previewTtlMinutes: 15,
	callbackBaseDelayMs: 1_000,
	callbackMaxAttempts: 8
};

export const ORGANIZATION_ID = 'org_riverside';
export const OTHER_ORGANIZATION_ID = 'org_harbour';
export const MAIN_PLACE_ID = 'place_main_stage';
export const GARDEN_PLACE_ID = 'place_garden';

/** A JWT-like key (spec 3: "JWT-like string"), derived from the device id so it is stable. */
export function demoApiKey(deviceId: string): string {
	const part = (value: string) => Buffer.from(value).toString('base64url');
	const header = part(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
	const payload = part(JSON.stringify({ sub: deviceId, iss: 'venue-platform-simulator' }));
	const signature = createHash('sha256').update(`simulator:${deviceId}`).digest('base64url');
	return `${header}.${payload}.${signature}`;
}

function device(
	id: string,
	name: string,
	placeId: string,
	authorities: Device['authorities'],
	enabled = true
): Device {
	return { id, name, apiKey: demoApiKey(id), placeId, authorities, enabled };
}

const BOTH_PLACES = [MAIN_PLACE_ID, GARDEN_PLACE_ID];

function product(
	productId: string,
	name: string,
	grossMinor: number,
	vatBp: number,
	loyaltyDiscountBp: number,
	placeIds = BOTH_PLACES
): Product {
	return {
		productId,
		organizationId: ORGANIZATION_ID,
		name,
		grossMinor,
		vatBp,
		placeIds,
		loyaltyDiscountBp
	};
}

const CUP: DepositCategory = {
	id: 'cat_cup',
	name: 'Reusable cup 0.4 l',
	description: 'Festival cup, rinse and return',
	expirationHours: 48,
	depositGrossMinor: 200,
	currencyCode: 'EUR'
};
const PITCHER: DepositCategory = {
	id: 'cat_pitcher',
	name: 'Pitcher 1.5 l',
	expirationHours: 12,
	depositGrossMinor: 500,
	currencyCode: 'EUR'
};
const PLATE: DepositCategory = {
	id: 'cat_plate',
	name: 'Reusable plate',
	description: 'Enamel plate',
	expirationHours: 24,
	depositGrossMinor: 300,
	currencyCode: 'EUR'
};

/** Demo transaction keys that start with zeros, so card-reader padding matters (spec 3). */
export const ZERO_PREFIXED_DEMO_KEYS = [
	{ key: '00000a1b2c3d4e5f60718293a4b5c6d7', walletId: 'wallet_plenty' },
	{ key: '000f00ba4c0ffee0ddba11de7ec7ab1e', walletId: 'wallet_few' }
];

export function createDemoState(clock: SimClock, settings: SimSettings): SimState {
	const now = clock.now();
	const keyTtlMs = settings.transactionKeyTtlMinutes * 60_000;
	const transactionKeys: TransactionKey[] = ZERO_PREFIXED_DEMO_KEYS.map(({ key, walletId }) => ({
		key,
		walletId,
		createdAt: now,
		expiresAt: now + keyTtlMs,
		state: 'ACTIVE'
	}));

	return {
		clock,
		settings,
		organizations: [
			{ id: ORGANIZATION_ID, name: 'Riverside Open Air', currencyCode: 'EUR' },
			{ id: OTHER_ORGANIZATION_ID, name: 'Harbour Nights', currencyCode: 'EUR' }
		],
		places: [
			{
				id: MAIN_PLACE_ID,
				organizationId: ORGANIZATION_ID,
				name: 'Main Stage Bar',
				description: 'Drinks by the main stage',
				formattedAddress: 'Uferweg 1, 10557 Berlin, Germany',
				placeStatus: 'ACTIVE',
				avatarMedia: {
					id: 'media_main_stage',
					uris: [
						{ src: '/_sim/media/main-stage.svg', URIType: 'LARGE' },
						{ src: '/_sim/media/main-stage.svg', URIType: 'SMALL' }
					]
				}
			},
			{
				id: GARDEN_PLACE_ID,
				organizationId: ORGANIZATION_ID,
				name: 'Garden Food Court',
				formattedAddress: 'Uferweg 3, 10557 Berlin, Germany',
				placeStatus: 'ACTIVE'
			},
			{
				id: 'place_harbour',
				organizationId: OTHER_ORGANIZATION_ID,
				name: 'Harbour Pier',
				formattedAddress: 'Kai 7, 20457 Hamburg, Germany',
				placeStatus: 'TEMPORARILY_CLOSED'
			}
		],
		desks: [
			{
				id: 'desk_main_counter',
				placeId: MAIN_PLACE_ID,
				name: 'Bar counter',
				type: 'COUNTER',
				enabled: true
			},
			{
				id: 'desk_main_table_1',
				placeId: MAIN_PLACE_ID,
				name: 'Table 1',
				type: 'TABLE',
				enabled: true
			},
			{
				id: 'desk_main_table_2',
				placeId: MAIN_PLACE_ID,
				name: 'Table 2',
				type: 'TABLE',
				enabled: false
			},
			{
				id: 'desk_garden_counter',
				placeId: GARDEN_PLACE_ID,
				name: 'Food counter',
				type: 'COUNTER',
				enabled: true
			},
			{
				id: 'desk_garden_table_1',
				placeId: GARDEN_PLACE_ID,
				name: 'Garden table 1',
				type: 'TABLE',
				enabled: true
			}
		],
		devices: [
			device('dev_kiosk_main', 'Main Stage Kiosk 1', MAIN_PLACE_ID, ['REVO', 'CREDIT', 'KIOSK']),
			device('dev_return_main', 'Main Stage Return Station', MAIN_PLACE_ID, ['REVO']),
			device('dev_board_main', 'Main Stage Order Board', MAIN_PLACE_ID, ['ORDER']),
			device('dev_kiosk_garden', 'Garden Kiosk', GARDEN_PLACE_ID, ['REVO', 'CREDIT', 'KIOSK']),
			device('dev_return_garden', 'Garden Return Station', GARDEN_PLACE_ID, ['REVO']),
			device('dev_board_garden', 'Garden Order Board', GARDEN_PLACE_ID, ['ORDER']),
			device('dev_info_main', 'Main Stage Info Screen', MAIN_PLACE_ID, []),
			device(
				'dev_retired_main',
				'Retired Kiosk',
				MAIN_PLACE_ID,
				['REVO', 'CREDIT', 'ORDER'],
				false
			),
			device('dev_kiosk_harbour', 'Harbour Kiosk', 'place_harbour', ['CREDIT'])
		],
		products: [
			product('drink_pils', 'Pilsner 0.4 l', 550, 1900, 1000),
			product('drink_wheat', 'Wheat beer 0.5 l', 600, 1900, 0),
			product('drink_lemonade', 'Homemade lemonade 0.4 l', 450, 770, 1500),
			product('drink_water', 'Still water 0.5 l', 300, 700, 0),
			product('drink_spritz', 'Aperol Spritz', 850, 1900, 500),
			product('drink_pitcher', 'Beer pitcher 1.5 l', 1600, 1900, 1000, [MAIN_PLACE_ID]),
			product('drink_punch', 'Summer punch', 750, 1900, 0),
			product('drink_coffee', 'Filter coffee', 320, 550, 2000),
			product('food_fries', 'Fries with mayo', 450, 700, 0, [GARDEN_PLACE_ID]),
			product('food_bratwurst', 'Bratwurst in a bun', 500, 700, 1000),
			product('food_pretzel', 'Pretzel', 300, 700, 0)
		],
		depositConfigurations: [
			{
				organizationId: ORGANIZATION_ID,
				enabled: true,
				versions: [
					{
						version: 1,
						createdAt: now - 7 * 24 * 3_600_000,
						categories: [CUP, PITCHER],
						hybridProducts: [
							{ mappingId: 'map_v1_pils', productId: 'drink_pils', categoryId: CUP.id },
							{ mappingId: 'map_v1_punch', productId: 'drink_punch', categoryId: CUP.id },
							{ mappingId: 'map_v1_pitcher', productId: 'drink_pitcher', categoryId: PITCHER.id }
						],
						tokenProducts: []
					},
					{
						// Version 2 dropped the summer punch and added cups for more drinks and plates.
						version: 2,
						createdAt: now - 24 * 3_600_000,
						categories: [CUP, PITCHER, PLATE],
						hybridProducts: [
							{ mappingId: 'map_pils', productId: 'drink_pils', categoryId: CUP.id },
							{ mappingId: 'map_wheat', productId: 'drink_wheat', categoryId: CUP.id },
							{ mappingId: 'map_lemonade', productId: 'drink_lemonade', categoryId: CUP.id },
							{ mappingId: 'map_water', productId: 'drink_water', categoryId: CUP.id },
							{ mappingId: 'map_spritz', productId: 'drink_spritz', categoryId: CUP.id },
							{ mappingId: 'map_pitcher', productId: 'drink_pitcher', categoryId: PITCHER.id },
							{ mappingId: 'map_fries', productId: 'food_fries', categoryId: PLATE.id }
						],
						tokenProducts: [
							{
								mappingId: 'tok_cup_borrow',
								action: 'BORROW',
								productId: 'token_cup_borrow',
								categoryId: CUP.id
							},
							{
								mappingId: 'tok_cup_return',
								action: 'RETURN',
								productId: 'token_cup_return',
								categoryId: CUP.id
							}
						]
					}
				]
			}
		],
		depositTransactions: [],
		wallets: [
			{
				id: 'wallet_plenty',
				organizationId: ORGANIZATION_ID,
				holderName: 'Alex (plenty)',
				balanceMinor: 50_000,
				currencyCode: 'EUR'
			},
			{
				id: 'wallet_few',
				organizationId: ORGANIZATION_ID,
				holderName: 'Sam (few)',
				balanceMinor: 350,
				currencyCode: 'EUR'
			},
			{
				id: 'wallet_empty',
				organizationId: ORGANIZATION_ID,
				holderName: 'Robin (none)',
				balanceMinor: 0,
				currencyCode: 'EUR'
			},
			{
				id: 'wallet_harbour',
				organizationId: OTHER_ORGANIZATION_ID,
				holderName: 'Kim (other venue)',
				balanceMinor: 2_000,
				currencyCode: 'EUR'
			}
		],
		transactionKeys,
		creditTransactions: [],
		idempotency: [],
		counterOrders: [],
		callbackAttempts: [],
		callbackUrls: new Map(),
		sequences: new Map(),
		instance: nextInstance()
	};
}

let seeds = 0;

/** Wall-clock time and a counter: never the same twice in one process, unlikely across processes. */
function nextInstance(): string {
	seeds += 1;
	return `${Date.now().toString(36)}${seeds.toString(36)}`;
}
