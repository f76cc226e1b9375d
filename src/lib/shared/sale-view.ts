/**
 * A guest sale as the kiosk's API answers it (server/sales/sale-view.ts builds it): everything the
 * guest screen shows, nothing secret (no loyalty key, only its last four characters; the deposit
 * code is the guest's, and the screen draws its QR code: components/kiosk/deposit-qr.ts). Every
 * line carries the VAT rate it was sold at (basis points), so the receipt never depends on the menu
 * or the settings as they are now. Amounts are integer minor units.
 */
import type { AllergenId } from './food-facts.ts';
import type { PaymentType } from '@venue-kiosk/vocabulary/platform-vocabulary.ts';
import type { SaleState } from './sale-states.ts';
import type { StaffNames, Translated } from './translated.ts';

/**
 * Why a sale needs staff (state `needs-staff`), or why it ended without the guest being charged
 * (state `abandoned`). Each `needs-staff` problem has its instructions: staff-task.ts.
 */
export type SaleProblem =
	/** The terminal cannot tell whether the card was charged. */
	| 'card-outcome-unknown'
	/** The credits were refused after the card part was collected, and the card refund failed. */
	| 'card-refund-failed'
	/** Paid, but the platform refused to issue the containers' code. */
	| 'deposits-not-issued'
	/** Abandoned: nobody drove the open sale any more (browser closed, kiosk rebooted). */
	| 'abandoned-unattended'
	/** Abandoned: the card was never charged (the payment was cut off). */
	| 'card-not-charged'
	/** Abandoned: the platform refused to finalize the credits; any card part was refunded. */
	| 'credits-refused';

export interface CreditLineSummary {
	productId: string | null;
	name: string;
	grossMinor: number;
	discountMinor: number;
	creditsMinor: number;
	outstandingMinor: number;
	/** The item's VAT rate as the platform answered it (spec 3: "vat (enough for a receipt)"). */
	vatBp: number;
}

/** What the guest sees after a scan: per line and in total, gross − discount = credits + outstanding. */
export interface CreditSummary {
	transactionId: string;
	paymentType: PaymentType;
	/** The last four characters of the loyalty key, for the receipt; never the key. */
	keyHint: string;
	lines: CreditLineSummary[];
	grossMinor: number;
	discountMinor: number;
	creditsMinor: number;
	outstandingMinor: number;
}

export interface IssuedDeposit {
	code: string;
	sequenceNumber: string;
	categories: {
		categoryId: string;
		/** The platform's name; `names`, those staff gave it (format.ts containerName). */
		name: string;
		names?: StaffNames;
		count: number;
		expiresAt: string;
	}[];
}

/** A chosen choice as sold: its name and price kept with the sale, like the product's. */
interface SoldOption {
	id: string;
	name: Translated;
	priceMinor: number;
}

/** A product line: the product with the options chosen for it, each unit at its sold price. */
export interface SaleLine {
	productId: string;
	name: Translated;
	/** In menu order; [] for a product without options (or a sale quoted before options). */
	options: SoldOption[];
	quantity: number;
	/** The product's gross per unit with its options' prices. */
	unitMinor: number;
	lineMinor: number;
	vatBp: number;
	/**
	 * The line's allergens, the product's with its choices' (food-facts.ts factsWith), for the
	 * receipt; absent for a sale quoted before they were kept.
	 */
	allergens?: AllergenId[];
	/**
	 * The line's additives, the product's with its choices', as the venue's list named them when
	 * the sale was quoted, for the receipt; absent for none or a sale quoted before they were kept.
	 */
	additives?: Translated[];
}

/** The refundable deposit of one container category (derived from the products). */
export interface DepositLine {
	categoryId: string;
	/** The platform's name; `names`, those staff gave it (format.ts containerName). */
	name: string;
	names?: StaffNames;
	quantity: number;
	unitMinor: number;
	lineMinor: number;
	vatBp: number;
	expirationHours: number;
}

export interface SaleView {
	id: string;
	state: SaleState;
	currencyCode: string;
	lines: SaleLine[];
	depositLines: DepositLine[];
	goodsMinor: number;
	depositMinor: number;
	/** Card-only sales pay the fee on top; with credits it is a line of the credit summary. */
	serviceFeeMinor: number;
	serviceFeeVatBp: number;
	totalMinor: number;
	credits: CreditSummary | null;
	cardPaidMinor: number;
	orderNumber: string | null;
	problem: SaleProblem | null;
	/** The containers' code once issued. */
	deposit: IssuedDeposit | null;
}
