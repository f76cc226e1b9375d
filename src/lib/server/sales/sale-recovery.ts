/**
 * The recovery pass (at start-up and every few seconds): every sale that has not reached its end
 * and that nobody drives — no request of this server, no other server holding its claim — is
 * taken to it: a sale in payment is advanced from the state it was saved in (the terminal's
 * record read, credits finalized, the order number given, the containers issued; or what was
 * taken given back; or handed to staff), and an open sale nobody has touched for
 * `unattendedAfterMs` (browser closed, kiosk rebooted) is released, so the guest's previewed
 * credits are not held until the preview expires.
 */
import type { Checkout } from './checkout.ts';
import { isOpen } from '#lib/shared/sale-states.ts';
import type { SaleRepository } from './sale-repository.ts';
import { log } from '../logging/logger.ts';

export interface RecoveryOptions {
	checkout: Checkout;
	sales: SaleRepository;
	/** An open sale untouched for this long is released. */
	unattendedAfterMs: number;
	now?: () => Date;
	/** Where a sale that could not be recovered this time is reported (it is tried again next pass). */
	log?: (message: string) => void;
}

export interface RecoverySummary {
	/** Sales taken up by this pass. */
	recovered: number;
	/** Sales a request (or another server) was driving at the time: left to it. */
	busy: number;
	/** Sales whose recovery failed unexpectedly this time. */
	failed: number;
}

export class SaleRecovery {
	readonly #options: Required<RecoveryOptions>;
	#running: Promise<RecoverySummary> | null = null;

	constructor(options: RecoveryOptions) {
		this.#options = {
			now: () => new Date(),
			log: (message) => log.error(message),
			...options
		};
	}

	/** One pass; a pass asked for while one runs gets that one's summary. */
	run(): Promise<RecoverySummary> {
		this.#running ??= this.#pass().finally(() => {
			this.#running = null;
		});
		return this.#running;
	}

	async #pass(): Promise<RecoverySummary> {
		const { checkout, sales, unattendedAfterMs, now, log } = this.#options;
		const unattendedSince = new Date(now().getTime() - unattendedAfterMs);
		const summary: RecoverySummary = { recovered: 0, busy: 0, failed: 0 };
		for (const sale of await sales.unfinished()) {
			if (isOpen(sale) && new Date(sale.updatedAt) > unattendedSince) continue;
			try {
				if (await checkout.recover(sale, unattendedSince)) summary.recovered += 1;
				else summary.busy += 1;
			} catch (error) {
				summary.failed += 1;
				log(`Recovery of sale ${sale.id} failed: ${(error as Error).message}`);
			}
		}
		return summary;
	}
}
