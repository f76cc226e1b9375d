/**
 * What the return station's screen receives (spec 1 deposits): its settings, the containers a
 * code has to return (preview), the result of a return (validate), and why a step could not go
 * on. The server builds them (server/returns/return-view.ts, return-desk.ts). Amounts are integer
 * minor units.
 */

/** The venue's return station settings (server/returns/return-settings.ts has the defaults). */
export interface ReturnSettings {
	/**
	 * Staff count the containers: before anything is returned they confirm with the screen PIN,
	 * and the result says how much to pay out.
	 */
	staffAttended: boolean;
	/** Seconds without a touch on a half-done return before "still there?". */
	idleSeconds: number;
	/** Seconds the result stays before the station is back to scanning (it can be held). */
	resultSeconds: number;
}

/** A container category the guest can return now (the stepper screen). */
export interface ReturnCategory {
	/** Sent back as `hybridRevoTokenCategoryId` (spec 1 preview: "category.id is the value sent"). */
	categoryId: string;
	name: string;
	activeCount: number;
	/** Refund per container: the category's depositGross (spec 1). */
	unitMinor: number;
	currencyCode: string;
	/** The category's return window (spec 1 Category `expirationHours`). */
	expirationHours: number;
	/** When these containers expire, where known (issued by one of this server's kiosks). */
	deadline: string | null;
}

export interface ReturnPreviewView {
	/** This return, as the journal names it: confirming it again answers, never repeats it. */
	returnId: string;
	categories: ReturnCategory[];
}

/** One category on the result screen. */
export interface ReturnedLine {
	categoryId: string;
	name: string;
	returned: number;
	/** Active containers still on the code. */
	remaining: number;
	unitMinor: number;
	refundMinor: number;
	currencyCode: string;
	expirationHours: number;
	deadline: string | null;
}

export interface RefundTotal {
	currencyCode: string;
	minor: number;
}

export interface ReturnResultView {
	returnId: string;
	lines: ReturnedLine[];
	/** The refund, per currency (one in practice: the deposit scheme's). */
	refunds: RefundTotal[];
	/** Staff-attended: staff pay the refund out. */
	payOut: boolean;
}

/** Why a step could not go on; each has a translated message and a next step on the screen. */
export type ReturnFailure =
	| 'code-empty'
	| 'code-wrong-length'
	| 'code-invalid'
	| 'code-is-loyalty-key'
	/** spec 1 recovery rule 2: "ask the operator to check the entered code". */
	| 'code-not-found'
	/** spec 1 recovery rule 4: return them at a device of the right location. */
	| 'other-location'
	/** Every container of the code is returned or expired. */
	| 'nothing-left'
	/** spec 1 recovery rule 3: the counts changed; here they are, choose again. */
	| 'counts-changed'
	/** A lost validate that did not happen and is not sent again by itself: confirm again. */
	| 'not-returned'
	| 'nothing-chosen'
	| 'staff-pin-wrong'
	| 'staff-pin-rate-limited'
	/** A lost answer that a fresh preview could not settle: staff look at the journal entry. */
	| 'outcome-unknown'
	| 'platform-unavailable'
	| 'platform-refused'
	| 'bad-request';
