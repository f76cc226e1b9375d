/**
 * Deposit codes issued by this server's ordering kiosks, looked up in the sales store. The return
 * station uses them for what the platform's preview does not carry (spec 1 preview items have no
 * `expiresAt`): the return deadline, and the place that issued a code. Codes issued elsewhere
 * are simply not found.
 */
import type { Database } from '../store/database.ts';
import type { IssuedDeposit, Sale } from './sale.ts';

export interface IssuedHere {
	/** The ordering kiosk that issued the code. */
	deviceId: string;
	/** Category id → when its containers expire (the create response's `expiresAt`). */
	deadlines: Map<string, string>;
}

export function findIssuedDeposit(db: Database, code: string): IssuedHere | null {
	// A plain substring test finds the candidates; the parsed sale must carry exactly this code.
	const rows = db
		.prepare(`SELECT body FROM sales WHERE instr(body, ?) > 0 ORDER BY created_at DESC LIMIT 5`)
		.all(JSON.stringify(code)) as { body: string }[];
	for (const { body } of rows) {
		const sale = JSON.parse(body) as Sale;
		if (sale.deposit?.code === code) return issuedHere(sale.deviceId, sale.deposit);
	}
	return null;
}

function issuedHere(deviceId: string, deposit: IssuedDeposit): IssuedHere {
	return {
		deviceId,
		deadlines: new Map(deposit.categories.map((c) => [c.categoryId, c.expiresAt]))
	};
}
