import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.ts';
import { ENGINES, openTestStore } from '../store/testing/test-stores.ts';
import { auditQueryFrom } from '../setup/audit-query.ts';
import { AuditLog, auditToCsv, type AuditEntry } from './audit-log.ts';

const MIA = { name: 'Mia', role: 'manager' } as const;
const SAM = { name: 'Sam', role: 'staff' } as const;

describe.each(ENGINES)('the audit log on %s', (engine) => {
	let store: Store;
	let now: Date;
	let audit: AuditLog;
	beforeEach(async () => {
		store = await openTestStore(engine);
		now = new Date('2026-11-22T10:00:00.000Z');
		audit = new AuditLog(store, () => now);
	});
	afterEach(() => store.close());

	it('keeps who did what to what, and when; newest first', async () => {
		const written = await audit.write(MIA, 'settings.kiosk', null, {
			before: { idleSeconds: 60 },
			after: { idleSeconds: 90 }
		});
		now = new Date('2026-11-22T10:05:00.000Z');
		await audit.write(SAM, 'refund.requested', 'sale-1', { cardMinor: 500, credits: false });
		expect(written).toEqual({
			id: 1,
			at: '2026-11-22T10:00:00.000Z',
			actorName: 'Mia',
			actorRole: 'manager',
			action: 'settings.kiosk',
			subject: null,
			details: { before: { idleSeconds: 60 }, after: { idleSeconds: 90 } }
		});
		const { entries, next } = await audit.list();
		expect(entries.map((entry) => [entry.actorName, entry.action, entry.subject])).toEqual([
			['Sam', 'refund.requested', 'sale-1'],
			['Mia', 'settings.kiosk', null]
		]);
		expect(next).toBeNull();
	});

	it('never stores a secret, even when a caller passes one', async () => {
		const entry = await audit.write(MIA, 'device.add', 'dev-1', {
			after: { name: 'Kiosk', apiKey: 'sk_live_123', api_key: 'k2' },
			pin: '4711',
			screenPin: '4711',
			password: 'hunter22',
			token: 't0k3n',
			callbackUrl: 'https://x/api/orders/callback/secret',
			nested: [{ secret: 's', kept: 1 }]
		});
		expect(entry.details).toEqual({ after: { name: 'Kiosk' }, nested: [{ kept: 1 }] });
		const rows = await store.db.selectFrom('audit_log').select('details').execute();
		for (const secret of ['sk_live_123', 'k2', '4711', 'hunter22', 't0k3n', 'callback/secret'])
			expect(JSON.stringify(rows)).not.toContain(secret);
	});

	it('filters by action and by a venue day, and pages by id without gaps or repeats', async () => {
		// 7 entries an hour apart from 20:00 UTC: 21:00–03:00 in Berlin, across the venue's midnight.
		for (let hour = 0; hour < 7; hour += 1) {
			now = new Date(Date.UTC(2026, 10, 22, 20 + hour));
			await audit.write(
				hour % 2 === 0 ? MIA : SAM,
				hour % 2 === 0 ? 'settings.order-board' : 'menu.availability',
				`s${hour}`
			);
		}
		const seen: AuditEntry[] = [];
		let before: number | undefined;
		for (;;) {
			const page = await audit.list({}, { before, limit: 3 });
			seen.push(...page.entries);
			if (page.next === null) break;
			before = page.next;
		}
		expect(seen.map((entry) => entry.subject)).toEqual(['s6', 's5', 's4', 's3', 's2', 's1', 's0']);

		const boards = await audit.list({ action: 'settings.order-board' });
		expect(boards.entries.map((entry) => entry.subject)).toEqual(['s6', 's4', 's2', 's0']);

		const day = auditQueryFrom(new URLSearchParams('day=2026-11-22'), 'Europe/Berlin');
		expect(day.invalid).toEqual([]);
		// 21:00, 22:00, 23:00 Berlin time on the 22nd.
		expect((await audit.list(day.filter)).entries.map((entry) => entry.subject)).toEqual([
			's2',
			's1',
			's0'
		]);
		const both = auditQueryFrom(
			new URLSearchParams('day=2026-11-23&action=menu.availability'),
			'Europe/Berlin'
		);
		expect((await audit.list(both.filter)).entries.map((entry) => entry.subject)).toEqual([
			's5',
			's3'
		]);
	});
});

describe('the audit page query', () => {
	it('names back an unknown action or a day that is not one, and reads the page start', () => {
		expect(
			auditQueryFrom(new URLSearchParams('action=drop-tables&day=2026-02-30&before=12'), 'UTC')
		).toMatchObject({
			invalid: ['action', 'day'],
			values: { action: 'drop-tables', day: '2026-02-30' },
			before: 12
		});
		expect(auditQueryFrom(new URLSearchParams('before=-1'), 'UTC').before).toBeUndefined();
	});
});

describe('the audit CSV', () => {
	it('is RFC 4180 with a header, and defuses cells a spreadsheet would run as a formula', () => {
		const csv = auditToCsv([
			{
				id: 1,
				at: '2026-11-22T10:00:00.000Z',
				actorName: '=HYPERLINK("http://evil","x")',
				actorRole: 'manager',
				action: 'refund.outcome',
				subject: '@sale',
				details: { parts: [{ kind: 'card', outcome: 'refunded' }], comment: 'a, "b"' }
			}
		]);
		expect(csv.startsWith('id,at,actorName,actorRole,action,subject,details\r\n')).toBe(true);
		const [row] = parse(csv, { columns: true }) as Record<string, string>[];
		expect(row).toEqual({
			id: '1',
			at: '2026-11-22T10:00:00.000Z',
			actorName: `'=HYPERLINK("http://evil","x")`,
			actorRole: 'manager',
			action: 'refund.outcome',
			subject: "'@sale",
			details: '{"parts":[{"kind":"card","outcome":"refunded"}],"comment":"a, \\"b\\""}'
		});
	});
});
