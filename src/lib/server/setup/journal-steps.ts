/**
 * What staff do on the diagnostics page to the journal of money operations, with their audit
 * entries: mark an entry that needs staff as handled (the entry names who, the audit log too),
 * and run the recovery pass and the journal resolver now rather than at their next turn.
 */
import type { StaffMember } from '../auth/roles.ts';
import type { ServerContext } from '../context.ts';
import type { ResolutionSummary } from '../journal/resolver.ts';
import { textField } from '../http/forms.ts';

/** The entry of the form's `id`, if it needs staff, is resolved by `actor`; false otherwise. */
export async function markHandled(
	context: ServerContext,
	actor: StaffMember,
	form: FormData
): Promise<boolean> {
	const id = Number(textField(form, 'id'));
	const { journal, audit } = context;
	const entry = Number.isSafeInteger(id) && id > 0 ? await journal.get(id) : undefined;
	if (!entry || entry.status !== 'needs-staff') return false;
	await journal.settle(entry.id, 'resolved', {
		errorCode: entry.errorCode ?? undefined,
		result: { resolvedBy: 'staff', staffName: actor.name }
	});
	await audit.write(actor, 'journal.handled', entry.reference, {
		entry: entry.id,
		operation: entry.operation,
		errorCode: entry.errorCode,
		before: 'needs-staff',
		after: 'resolved'
	});
	return true;
}

/** Unfinished sales taken to their end and open journal entries settled, now. */
export async function resolveNow(
	context: ServerContext,
	actor: StaffMember
): Promise<ResolutionSummary> {
	const recovery = await context.recoverSales();
	const summary = await context.resolveJournal();
	await context.audit.write(actor, 'journal.resolve-now', null, {
		salesRecovered: recovery.recovered,
		...summary
	});
	return summary;
}
