/**
 * Where the containers a sale issued stand now, per category, from the platform's preview of the
 * sale's deposit code (read on demand: staff open the sale). The facts it rests on (spec 1):
 * - preview answers "one per category with active items as counted for the transaction"; a
 *   category left out has none active;
 * - an item leaves ACTIVE only by a return (RETURNED, deposit refunded) or by the expiry check
 *   that runs every 5 minutes once "the expiration window has passed without return" (EXPIRED,
 *   deposit forfeited).
 * So before a category's expiry every item no longer active was returned; after it, the preview
 * cannot tell returned from expired, and says so rather than guessing.
 */
import type { IssuedDeposit } from '#lib/shared/sale-view.ts';
import type { StaffNames } from '#lib/shared/translated.ts';
import type { DepositPreviewItem } from '../platform/deposits.ts';

export interface ContainerCount {
	categoryId: string;
	/** The platform's name; `names`, those staff gave it (format.ts containerName). */
	name: string;
	names?: StaffNames;
	issued: number;
	/** Still out with the guest, returnable. */
	active: number;
	/** No longer active before the expiry: returned, the deposit refunded. */
	returned: number;
	/** No longer active after the expiry: returned in time or expired; the preview cannot tell. */
	returnedOrExpired: number;
	expiresAt: string;
}

export function containerCounts(
	deposit: IssuedDeposit,
	preview: readonly DepositPreviewItem[],
	now: Date
): ContainerCount[] {
	return deposit.categories.map((category) => {
		const active = Math.min(
			preview.find((item) => item.category.id === category.categoryId)?.activeItemCount ?? 0,
			category.count
		);
		const gone = category.count - active;
		const expired = now.getTime() >= Date.parse(category.expiresAt);
		return {
			categoryId: category.categoryId,
			name: category.name,
			names: category.names,
			issued: category.count,
			active,
			returned: expired ? 0 : gone,
			returnedOrExpired: expired ? gone : 0,
			expiresAt: category.expiresAt
		};
	});
}
