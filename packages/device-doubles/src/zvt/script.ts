/**
 * What a test (or the HTTP control of `npm run zvt-sim`) tells the simulated terminal about its
 * next payment (docs/zvt.md "The test double"). Amounts are minor units, as everywhere.
 */

export type PaymentScript =
	/** The card pays: status information 00, receipt, Completion. */
	| { result: 'approve'; statuses?: number[]; delayMs?: number }
	/** The host declines: status information with `resultCode` (default 05), then Abort. */
	| { result: 'decline'; resultCode?: number; statuses?: number[]; delayMs?: number }
	/** The customer presses cancel: status information 6C, then Abort 6C. */
	| { result: 'customer-abort'; statuses?: number[]; delayMs?: number }
	/** The terminal gives up without a status information: Abort naming no result (06 1E 00). */
	| { result: 'abort-without-result'; statuses?: number[]; delayMs?: number }
	/** "Insert card" and nothing more, until the ECR aborts (06 B0) or hangs up. */
	| { result: 'wait-for-card' };

/**
 * Where the terminal drops the connection of the next payment (docs/zvt.md "Drop points"):
 * - `before-status-information`: after the intermediate statuses, before any result: not booked;
 * - `status-unacknowledged` (a): right after writing the status information, before the ECR's
 *   80 00 00 can be read: not booked (the terminal reverses a result the ECR did not take);
 * - `after-status-acknowledged` (b): right after reading that acknowledgement: booked;
 * - `before-completion` (c): after the receipt was acknowledged too, instead of Completion: booked.
 */
export type DropPoint =
	| 'before-status-information'
	| 'status-unacknowledged'
	| 'after-status-acknowledged'
	| 'before-completion';

export const DROP_POINTS: readonly DropPoint[] = [
	'before-status-information',
	'status-unacknowledged',
	'after-status-acknowledged',
	'before-completion'
];

/** Insert card, PIN entry, please wait (Portalum.Zvt EnglishIntermediateStatusRepository). */
export const DEFAULT_STATUSES = [0x0a, 0x01, 0x17];
