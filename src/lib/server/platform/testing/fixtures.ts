/** Wire-format samples (what the platform sends) for unit tests. */

export const category = (overrides: Record<string, unknown> = {}) => ({
	id: 'cat_cup',
	expirationHours: 48,
	depositGross: 2,
	currencyCode: 'EUR',
	revoTokenCategory: { id: 'cat_cup', name: 'Cup', currencyCode: 'EUR' },
	...overrides
});

export const creditTransaction = (overrides: Record<string, unknown> = {}) => ({
	transactionId: 'ctx_000001',
	totalCredits: 8.45,
	totalDiscount: 0.55,
	outstandingBalance: 0,
	currencyCode: 'EUR',
	items: [
		{
			productId: 'drink_pils',
			name: 'Pilsner 0.4 l',
			unitPrice: 5.5,
			quantity: 1,
			credits: 4.95,
			discount: 0.55,
			outstandingBalance: 0,
			vat: 19
		},
		{
			productId: null,
			name: 'Cup deposit',
			unitPrice: 3.5,
			quantity: 1,
			credits: 3.5,
			discount: 0,
			outstandingBalance: 0,
			vat: 0
		}
	],
	...overrides
});

export const desk = {
	id: 'desk_main_counter',
	name: 'Bar counter',
	type: 'COUNTER',
	enabled: true
};

export const counterOrder = (overrides: Record<string, unknown> = {}) => ({
	id: 'ord_000001',
	createdAt: '2026-11-22T10:00:00.000Z',
	orderNumber: 'M-001',
	status: 'APPROVABLE',
	transactionStatus: 'UNPAID',
	paymentProcessor: 'EXTERNAL_MANUAL',
	currencyCode: 'EUR',
	tip: { tip: 1.5, externalPayment: 1.5 },
	items: [
		{
			productId: 'drink_pils',
			unitPrice: 5.5,
			discount: 0,
			externalPayment: 5.5,
			vat: 19,
			isTakeaway: false,
			modifiers: [
				{ productId: 'extra_lemon', unitPrice: 0.3, discount: 0, externalPayment: 0.3, vat: 7.7 }
			]
		}
	],
	desk,
	invoicingType: 'PLACE_RECEIPT',
	orderSource: 'MOBILE',
	...overrides
});

export const externalDevice = (overrides: Record<string, unknown> = {}) => ({
	id: 'dev_kiosk_main',
	name: 'Main Stage Kiosk 1',
	authorities: ['REVO', 'CREDIT', 'KIOSK'],
	organization: { id: 'org_riverside', name: 'Riverside Open Air' },
	place: {
		id: 'place_main_stage',
		name: 'Main Stage Bar',
		formattedAddress: 'Uferweg 1, 10557 Berlin, Germany',
		placeStatus: 'ACTIVE'
	},
	relatedDesks: [desk],
	...overrides
});
