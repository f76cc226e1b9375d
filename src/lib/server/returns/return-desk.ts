/**
 * The return station's saga (docs/manual.md, Running the return station; spec 1 preview, validate
 * and the client recovery rules):
 *
 *   scan → preview → the guest chooses → [staff PIN] → preview again (the counts just before)
 *   → journal → validate → result
 *
 * Invariants: containers are never counted twice — validate is never repeated blindly (spec 1
 * gives it no idempotency key); a validate whose answer is lost is resolved by a fresh preview
 * (lost-validate.ts) before anything is sent again, and the journal records how; one that may
 * still be under way at the platform is never sent again by the station. A confirm of the same
 * return (same `returnId`) answers what happened instead of returning again. Nothing is
 * validated without the staff PIN when the station is staff-attended.
 */
import { randomBytes } from 'node:crypto';
import { parseDepositCode } from '#lib/shared/deposit-code.ts';
import type {
	ReturnedLine,
	ReturnFailure,
	ReturnPreviewView,
	ReturnResultView,
	ReturnSettings
} from '#lib/shared/return-view.ts';
import type { Journal, JournalEntry } from '../journal/journal.ts';
import { JournalOperation } from '../journal/journal-operation.ts';
import type { PlatformClient, PlatformFor } from '../platform/client.ts';
import { DepositErrorCode, type ValidateDepositTransactionItem } from '../platform/deposits.ts';
import { PlatformApiError, PlatformClientError } from '../platform/errors.ts';
import { LockTimeoutError } from '../store/store-locks.ts';
import type { IssuedHere } from '../sales/issued-deposits.ts';
import type { PinCheck } from '../setup/screen-pin.ts';
import { decideLostValidate, type RequestedReturn } from './lost-validate.ts';
import { codeFingerprint, entryResultSchema, validateEntrySchema } from './return-entries.ts';
import {
	activeCounts,
	answeredLines,
	previewByCategory,
	recoveredLines,
	refundTotals,
	requestedOf,
	returnCategories,
	validateItems,
	type PreviewedCategory
} from './return-view.ts';

export class ReturnError extends Error {
	readonly failure: ReturnFailure;
	/** `other-location`: the name of the place that issued the code, where known. */
	readonly place: string | null;
	/** `counts-changed`, `not-returned`: the fresh counts to choose from. */
	readonly preview: ReturnPreviewView | null;

	/** `staff-pin-rate-limited`: how long the station's PIN keypad waits. */
	readonly waitMs: number | null;

	constructor(
		failure: ReturnFailure,
		details: { place?: string | null; preview?: ReturnPreviewView; waitMs?: number } = {}
	) {
		super(failure);
		this.failure = failure;
		this.place = details.place ?? null;
		this.preview = details.preview ?? null;
		this.waitMs = details.waitMs ?? null;
	}
}

export interface ReturnDeskDependencies {
	journal: Journal;
	platformFor: PlatformFor;
	/** A code issued by one of this server's kiosks (deadlines, issuing device), else null. */
	issuedHere(code: string): Promise<IssuedHere | null>;
	/** The name of a place this server knows (from a device's identity), else null. */
	placeName(placeId: string): Promise<string | null>;
	/** The name of the place of one of this server's devices, else null. */
	placeOfDevice(deviceId: string): Promise<string | null>;
	settings(): Promise<ReturnSettings>;
	/** The screen PIN, typed on the station `deviceId` and counted per screen (setup/screen-pin.ts). */
	checkPin(pin: string, deviceId: string): Promise<PinCheck>;
	/**
	 * Runs the work on one code while no other kiosk server on the store works on it (their
	 * validates would both pass the counts check before either lands): store/store-locks.ts.
	 * Within this server the desk serialises the code itself first.
	 */
	acrossServers<T>(code: string, task: () => Promise<T>): Promise<T>;
	/**
	 * How long a validate that may still be under way (timed out, connection lost, 504) is given
	 * before the fresh preview looks; default 1 s.
	 */
	settleMs?: number;
}

export interface ReturnRequest {
	/** From the preview the guest chose on. */
	returnId: string;
	/** As scanned or typed; checked again here. */
	code: string;
	/** Containers to return per category id (0: none). */
	quantities: Record<string, number>;
	/** The staff PIN (staff-attended stations). */
	pin?: string;
}

const RETURN_ID_PATTERN = /^[0-9a-f]{32}$/;

const CODE_PROBLEMS: Record<string, ReturnFailure> = {
	empty: 'code-empty',
	'wrong-length': 'code-wrong-length',
	'invalid-characters': 'code-invalid',
	'looks-like-loyalty-key': 'code-is-loyalty-key'
};

/** A validate whose answer was lost: its journal entry, the counts just before, what it asked. */
interface LostValidate {
	entry: JournalEntry;
	before: ReadonlyMap<string, PreviewedCategory>;
	requested: readonly RequestedReturn[];
	/** The platform may still be working on it (see `underWay`). */
	mayBeUnderWay: boolean;
}

type Attempt =
	| { kind: 'done'; view: ReturnResultView }
	/** The lost validate did not happen: it may be sent again. */
	| { kind: 'not-happened' };

export class ReturnDesk {
	readonly #deps: ReturnDeskDependencies;
	/**
	 * Confirms of one code run one after another: a double tap cannot validate twice. This map
	 * orders them within this server; `acrossServers` among the servers sharing the store.
	 */
	readonly #running = new Map<string, Promise<unknown>>();

	constructor(dependencies: ReturnDeskDependencies) {
		this.#deps = dependencies;
	}

	/** A scanned or typed code: its returnable containers (spec 1 preview). */
	async preview(deviceId: string, raw: string): Promise<ReturnPreviewView> {
		const code = parseCode(raw);
		const byId = await this.#preview(await this.#deps.platformFor(deviceId), code);
		return await this.#previewView(byId, code);
	}

	/** The guest's choice (and the staff PIN): return the containers, or say what happened. */
	async confirm(deviceId: string, request: ReturnRequest): Promise<ReturnResultView> {
		const { staffAttended } = await this.#deps.settings();
		if (staffAttended) await this.#checkPin(request.pin ?? '', deviceId);
		if (!RETURN_ID_PATTERN.test(request.returnId)) throw new ReturnError('bad-request');
		const code = parseCode(request.code);
		const items = validateItems(request.quantities);
		if (items.length === 0) throw new ReturnError('nothing-chosen');
		const key = codeFingerprint(code);
		return this.#serial(key, async () => {
			try {
				return await this.#deps.acrossServers(key, () =>
					this.#confirm(deviceId, request.returnId, code, items, staffAttended)
				);
			} catch (error) {
				// Another station has worked this code for longer than a return takes: try again.
				if (error instanceof LockTimeoutError) throw new ReturnError('platform-unavailable');
				throw error;
			}
		});
	}

	async #confirm(
		deviceId: string,
		returnId: string,
		code: string,
		items: ValidateDepositTransactionItem[],
		payOut: boolean
	): Promise<ReturnResultView> {
		const platform = await this.#deps.platformFor(deviceId);
		const [earlier] = await this.#deps.journal.list({
			deviceId,
			operation: JournalOperation.depositValidate,
			reference: returnId,
			limit: 1
		});
		if (earlier) {
			const settled = await this.#settleEarlier(earlier, platform, code, returnId, payOut);
			if (settled) return settled;
		}
		// A lost answer that certainly did not take effect (500, 502) is sent once more.
		for (let attempt = 1; attempt <= 2; attempt += 1) {
			const before = await this.#preview(platform, code);
			await this.#checkEnough(before, items, code);
			const outcome = await this.#validate(
				deviceId,
				platform,
				returnId,
				code,
				items,
				before,
				payOut
			);
			if (outcome.kind === 'done') return outcome.view;
		}
		throw new ReturnError('platform-unavailable');
	}

	/** spec 1 recovery rule 3, checked on the counts just before validating. */
	async #checkEnough(
		before: ReadonlyMap<string, PreviewedCategory>,
		items: readonly ValidateDepositTransactionItem[],
		code: string
	): Promise<void> {
		const short = items.some(
			({ hybridRevoTokenCategoryId: id, quantity }) => quantity > (before.get(id)?.active ?? 0)
		);
		if (short)
			throw new ReturnError('counts-changed', { preview: await this.#previewView(before, code) });
	}

	async #validate(
		deviceId: string,
		platform: PlatformClient,
		returnId: string,
		code: string,
		items: ValidateDepositTransactionItem[],
		before: ReadonlyMap<string, PreviewedCategory>,
		payOut: boolean
	): Promise<Attempt> {
		const requested = requestedOf(items);
		const journal = this.#deps.journal;
		const entryId = await journal.begin({
			deviceId,
			operation: JournalOperation.depositValidate,
			reference: returnId,
			request: {
				codeHint: code.slice(-4),
				codeFingerprint: codeFingerprint(code),
				items: requested,
				before: [...before.values()],
				payOut
			}
		});
		try {
			const results = await platform.deposits.validateTransaction(code, items);
			const lines = answeredLines(before, results, await this.#deadlines(code));
			await journal.settle(entryId, 'succeeded', { result: { lines } });
			return { kind: 'done', view: resultView(returnId, lines, payOut) };
		} catch (error) {
			await journal.settleFailure(entryId, error);
			if (error instanceof PlatformClientError && error.outcome === 'uncertain') {
				const lost = {
					entry: (await journal.get(entryId))!,
					before,
					requested,
					mayBeUnderWay: underWay(error)
				};
				if (lost.mayBeUnderWay) await delay(this.#deps.settleMs ?? DEFAULT_SETTLE_MS);
				return this.#resolveLost(lost, platform, code, returnId, payOut);
			}
			if (
				error instanceof PlatformApiError &&
				error.errorCode === DepositErrorCode.notEnoughActiveItems
			) {
				// spec 1 recovery rule 3: preview again (items may have expired), show the new counts.
				const fresh = await this.#preview(platform, code);
				throw new ReturnError('counts-changed', { preview: await this.#previewView(fresh, code) });
			}
			throw await this.#failureOf(error, code);
		}
	}

	/** A confirm of a return the journal has seen: answer it, resolve it, or go on (null). */
	async #settleEarlier(
		entry: JournalEntry,
		platform: PlatformClient,
		code: string,
		returnId: string,
		payOut: boolean
	): Promise<ReturnResultView | null> {
		const request = validateEntrySchema.safeParse(entry.request);
		if (!request.success || request.data.codeFingerprint !== codeFingerprint(code)) {
			throw new ReturnError('bad-request');
		}
		const result = entryResultSchema.safeParse(entry.result);
		const recorded = result.success ? result.data : null;
		switch (entry.status) {
			case 'failed':
				return null;
			case 'succeeded':
			case 'resolved':
				if (recorded?.lines) return resultView(returnId, recorded.lines, payOut);
				if (recorded?.decision === 'not-happened') return null;
				throw new ReturnError('outcome-unknown');
			default: {
				const before = new Map(request.data.before.map((b) => [b.category.id, b]));
				// Asked again later: whatever was under way has landed, but which kind it was is
				// not kept, so it is not sent again by itself.
				const lost = { entry, before, requested: request.data.items, mayBeUnderWay: true };
				const outcome = await this.#resolveLost(lost, platform, code, returnId, payOut);
				return outcome.kind === 'done' ? outcome.view : null;
			}
		}
	}

	/**
	 * A validate whose answer was lost: a fresh preview decides (lost-validate.ts) before anything
	 * is sent again; the journal entry records the decision and the counts it rests on.
	 */
	async #resolveLost(
		{ entry, before, requested, mayBeUnderWay }: LostValidate,
		platform: PlatformClient,
		code: string,
		returnId: string,
		payOut: boolean
	): Promise<Attempt> {
		let fresh: Map<string, PreviewedCategory> | null;
		try {
			fresh = previewByCategory(await platform.deposits.previewTransaction(code));
		} catch {
			// Still open: the guest can ask again, the journal resolver flags it for staff.
			throw new ReturnError('outcome-unknown');
		}
		if (!fresh) throw new ReturnError('outcome-unknown');
		const after = activeCounts(fresh);
		const decision = decideLostValidate(activeCounts(before), requested, after);
		const evidence = { resolvedBy: 'fresh-preview', decision, after: Object.fromEntries(after) };
		const errorCode = entry.errorCode ?? undefined;
		if (decision === 'inconsistent') {
			await this.#deps.journal.settle(entry.id, 'needs-staff', { errorCode, result: evidence });
			throw new ReturnError('outcome-unknown');
		}
		if (decision === 'not-happened') {
			await this.#deps.journal.settle(entry.id, 'resolved', { errorCode, result: evidence });
			// A request still under way could land after a second one: the guest confirms again,
			// on counts previewed afresh then.
			if (!mayBeUnderWay) return { kind: 'not-happened' };
			throw new ReturnError('not-returned', { preview: await this.#previewView(fresh, code) });
		}
		const lines = recoveredLines(before, requested, after, await this.#deadlines(code));
		await this.#deps.journal.settle(entry.id, 'resolved', {
			errorCode,
			result: { ...evidence, lines }
		});
		return { kind: 'done', view: resultView(returnId, lines, payOut) };
	}

	async #preview(platform: PlatformClient, code: string): Promise<Map<string, PreviewedCategory>> {
		let byId: Map<string, PreviewedCategory> | null;
		try {
			byId = previewByCategory(await platform.deposits.previewTransaction(code));
		} catch (error) {
			throw await this.#failureOf(error, code);
		}
		if (!byId) throw new ReturnError('platform-refused');
		return byId;
	}

	async #previewView(
		byId: ReadonlyMap<string, PreviewedCategory>,
		code: string
	): Promise<ReturnPreviewView> {
		const categories = returnCategories(byId, await this.#deadlines(code));
		if (categories.length === 0) throw new ReturnError('nothing-left');
		return { returnId: randomBytes(16).toString('hex'), categories };
	}

	async #deadlines(code: string): Promise<Map<string, string>> {
		return (await this.#deps.issuedHere(code))?.deadlines ?? new Map();
	}

	/** The platform's answer as the guest's failure (spec 1 Errors and recovery rules). */
	async #failureOf(error: unknown, code: string): Promise<ReturnError> {
		if (error instanceof PlatformApiError) {
			switch (error.errorCode) {
				case DepositErrorCode.transactionNotFound:
					return new ReturnError('code-not-found');
				case DepositErrorCode.deviceCannotAccessTransaction:
					return new ReturnError('other-location', {
						place: await this.#issuingPlace(code, error.descriptors[0])
					});
			}
			return new ReturnError(
				error.status >= 500 || error.status === 429 ? 'platform-unavailable' : 'platform-refused'
			);
		}
		if (error instanceof PlatformClientError) {
			return new ReturnError(
				error.kind === 'network' || error.kind === 'timeout'
					? 'platform-unavailable'
					: 'platform-refused'
			);
		}
		throw error;
	}

	/**
	 * Where the code was issued, where known: the place the platform names (the simulator's
	 * descriptors carry its id; spec 1 only promises "additional context") if one of this server's
	 * devices is there, else the place of this server's kiosk that issued it.
	 */
	async #issuingPlace(code: string, placeId: string | undefined): Promise<string | null> {
		const named = placeId ? await this.#deps.placeName(placeId) : null;
		if (named) return named;
		const issuer = (await this.#deps.issuedHere(code))?.deviceId;
		return issuer ? this.#deps.placeOfDevice(issuer) : null;
	}

	async #checkPin(pin: string, deviceId: string): Promise<void> {
		const check = await this.#deps.checkPin(pin, deviceId);
		if (check === 'wrong-pin') throw new ReturnError('staff-pin-wrong');
		if (check !== 'ok') throw new ReturnError('staff-pin-rate-limited', { waitMs: check.waitMs });
	}

	async #serial<T>(key: string, task: () => Promise<T>): Promise<T> {
		const previous = this.#running.get(key) ?? Promise.resolve();
		const run = previous.then(task, task);
		const done = run.catch(() => undefined);
		this.#running.set(key, done);
		void done.then(() => {
			if (this.#running.get(key) === done) this.#running.delete(key);
		});
		return run;
	}
}

const DEFAULT_SETTLE_MS = 1_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether the platform may still be working on a request whose answer was lost: no answer in
 * time, a connection lost on the way, a gateway that gave up waiting (504). A 500 or 502 came
 * from the platform or its gateway after the work ended; a malformed success took effect.
 */
function underWay(error: PlatformClientError): boolean {
	if (error instanceof PlatformApiError) return error.status === 504;
	return error.kind === 'timeout' || error.kind === 'network';
}

function parseCode(raw: string): string {
	const parsed = parseDepositCode(raw);
	if (parsed.code === null) throw new ReturnError(CODE_PROBLEMS[parsed.reason] ?? 'code-invalid');
	return parsed.code;
}

function resultView(returnId: string, lines: ReturnedLine[], payOut: boolean): ReturnResultView {
	return { returnId, lines, refunds: refundTotals(lines), payOut };
}
