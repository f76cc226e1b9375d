/**
 * Sold out in one tap on the order board (the "86 list" of venue systems): when a keg runs dry,
 * the staff at the board mark the product sold out, and back once it is there again. One flag
 * of the menu, the product's `available` — the same the manager switches in the menu's setup —
 * so there is one answer to "can a guest order it now".
 *
 * Who may: the browser paired as an order board (setup/screen-session.ts `pairedDevice`, the
 * guard of every board action): the staff at the board are the ones who see the keg run dry,
 * with no login in between. The audit entry names that board — its name as the actor, its id
 * in the details — with the product, when, and sold out or back; a tap that changes nothing
 * (already sold out) records nothing.
 *
 * A change reaches the kiosks through their live feed at once (catalog/menu-feed.ts): they show
 * the product greyed as sold out, and a basket holding it is told which line before paying.
 * The checkout refuses to start a sale holding a sold-out product (sales/checkout.ts), so a tap
 * just before a guest's "Pay" never sells what is gone.
 */
import type { SoldOutEntry } from '#lib/shared/order-board.ts';
import type { StaffMember } from '../auth/roles.ts';
import type { ServerContext } from '../context.ts';
import type { DeviceRecord } from '../devices/device-repository.ts';
import { textField } from '../http/forms.ts';
import { pairedDevice } from '../setup/screen-session.ts';
import type { BoardActionResult } from './board-actions.ts';

/** A product's id as the menu file gives it. */
const PRODUCT_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The board's sold-out list: every product of the menu, in menu order. */
export async function soldOutList(context: ServerContext): Promise<SoldOutEntry[]> {
	return (await context.catalog.list()).map(({ id, category, name, available }) => ({
		id,
		category,
		name,
		soldOut: !available
	}));
}

/** Who the audit log names for a tap on the board: the board, as staff. */
export const boardStaff = (board: DeviceRecord): StaffMember => ({
	name: board.name,
	role: 'staff'
});

/**
 * Marks a product sold out or back for the browser paired as `screenDeviceId`: `productId`,
 * `soldOut` ('true' or 'false'). `not-paired` for any browser that is no order board.
 */
export async function changeSoldOut(
	context: ServerContext,
	screenDeviceId: string | null,
	form: FormData
): Promise<BoardActionResult | { ok: false; error: 'not-paired' }> {
	const board = await pairedDevice(context, screenDeviceId, 'board');
	if (!board) return { ok: false, error: 'not-paired' };
	const productId = textField(form, 'productId');
	const soldOut = textField(form, 'soldOut');
	if (!PRODUCT_ID.test(productId) || (soldOut !== 'true' && soldOut !== 'false')) {
		return { ok: false, error: 'bad-request' };
	}
	const { catalog, audit, menuFeed, orderFeed } = context;
	const product = await catalog.get(productId);
	if (!product) return { ok: false, error: 'unknown-product' };
	const available = soldOut === 'false';
	if (product.available === available) return { ok: true };
	if (!(await catalog.setAvailable(productId, available))) {
		return { ok: false, error: 'unknown-product' };
	}
	await audit.write(boardStaff(board), 'menu.sold-out', productId, {
		board: board.id,
		before: { soldOut: !product.available },
		after: { soldOut: !available }
	});
	await menuFeed.changed();
	// The other boards show the list as it is now.
	orderFeed.changed();
	return { ok: true };
}
