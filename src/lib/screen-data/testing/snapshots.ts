/** Typed test factories for the guest screens' snapshots: complete, with overrides. */
import type { KioskSnapshot, ReturnSnapshot } from '#lib/shared/screen-snapshot.ts';

export function kioskSnapshotFactory(overrides: Partial<KioskSnapshot> = {}): KioskSnapshot {
	return {
		screen: 'kiosk',
		deviceId: 'kiosk-1',
		servedAt: '2026-11-23T09:00:00.000Z',
		identity: {
			value: {
				organization: 'Riverside Open Air',
				place: 'Main Stage Bar',
				avatar: '/media/place/picture-1',
				avatarClip: '/media/place/clip-1',
				authorities: ['REVO', 'CREDIT'],
				desks: []
			},
			fetchedAt: '2026-11-23T08:00:00.000Z'
		},
		deposits: { value: null, fetchedAt: '2026-11-23T08:00:00.000Z' },
		features: { deposits: false, loyalty: true },
		menu: {
			value: [
				{
					id: 'pils',
					category: 'drinks',
					name: { en: 'Pils' },
					description: {},
					grossMinor: 450,
					currencyCode: 'EUR',
					image: '/images/pils.png'
				}
			],
			fetchedAt: '2026-11-23T09:00:00.000Z'
		},
		settings: {
			value: { idleSeconds: 60, creditPaymentType: 'SPLIT_PAYMENT', serviceFeeMinor: 0 },
			fetchedAt: '2026-11-23T09:00:00.000Z'
		},
		...overrides
	};
}

export function returnSnapshotFactory(overrides: Partial<ReturnSnapshot> = {}): ReturnSnapshot {
	return {
		screen: 'return',
		deviceId: 'return-1',
		servedAt: '2026-11-23T09:00:00.000Z',
		identity: { value: null, fetchedAt: null },
		deposits: { value: null, fetchedAt: null },
		features: { deposits: false, loyalty: false },
		settings: {
			value: { staffAttended: false, idleSeconds: 60, resultSeconds: 15 },
			fetchedAt: '2026-11-23T09:00:00.000Z'
		},
		...overrides
	};
}
