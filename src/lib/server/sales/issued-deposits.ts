/**
 * Deposit codes issued by this server's ordering kiosks, looked up in the sales store. The return
 * station uses them for what the platform's preview does not carry (spec 1 preview items have no
 * `expiresAt`): the return deadline, and the place that issued a code. Codes issued elsewhere
 * are simply not found.
 */
import type { SaleRepository } from './sale-repository.ts';

export interface IssuedHere {
	/** The ordering kiosk that issued the code. */
	deviceId: string;
	/** Category id → when its containers expire (the create response's `expiresAt`). */
	deadlines: Map<string, string>;
}

export async function findIssuedDeposit(
	sales: SaleRepository,
	code: string
): Promise<IssuedHere | null> {
	const sale = await sales.byDepositCode(code);
	if (!sale?.deposit) return null;
	return {
		deviceId: sale.deviceId,
		deadlines: new Map(sale.deposit.categories.map((c) => [c.categoryId, c.expiresAt]))
	};
}
