/**
 * Why a step of a guest sale could not go on, as the kiosk's API answers it
 * (`{ failure: CheckoutFailure }`, server/sales/checkout-error.ts): a code the guest screen
 * translates and plans its next step by (kiosk/failures.ts).
 */
export type CheckoutFailure =
	| 'sale-not-found'
	| 'sale-closed'
	| 'basket-invalid'
	/** The basket holds a product sold out since it was chosen (the menu's `soldOut`). */
	| 'sold-out'
	/** The basket holds age-restricted goods and the guest did not confirm the age they need. */
	| 'age-unconfirmed'
	/** The basket holds age-restricted goods and the kiosk is set to run unattended. */
	| 'age-unattended'
	| 'key-format'
	| 'key-expired'
	| 'key-used'
	| 'key-other-venue'
	| 'insufficient-credit'
	| 'preview-expired'
	| 'menu-vat'
	| 'card-declined'
	/** The kiosk takes no cards (no card terminal outside demo) and something is left to pay. */
	| 'card-unavailable'
	| 'card-outcome-unknown'
	| 'platform-unavailable'
	| 'deposits-unavailable'
	| 'platform-refused'
	/** Staff put the kiosk out of order (the fleet page): it starts no sale. */
	| 'out-of-order';
