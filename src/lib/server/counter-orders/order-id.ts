/**
 * What a counter order's id may look like, wherever one comes in (a callback's `orderId`, a board's
 * step). Ids are opaque strings (spec 2); this bounds them to a plausible id. The first character
 * is a letter or digit, so `.` and `..` (which a URL would resolve as a path step when the id is
 * put into `…/counter-orders/{orderId}`) are not ids.
 */
const ORDER_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export function isOrderId(value: string): boolean {
	return ORDER_ID.test(value);
}
