/**
 * Every form action of the setup pages, walked: each `actions` of `src/routes/setup/**` is
 * imported as the server runs it, and must have a row in ACTIONS below — a new action without
 * one fails here. A row either names the audit entries the action writes, or says why the action
 * changes nothing (no money, device, setting, menu or journal). Each audited action is run with a
 * manager's or a staff member's session against a server context on the simulator (demo set-up)
 * and must write its entries under that person's name; each manager's action is first tried with
 * a staff login and must refuse it with a 403 and write nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isActionFailure, isHttpError, isRedirect, type Action, type Cookies } from '@sveltejs/kit';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { AuditAction } from '#lib/server/audit/audit-log.ts';
import type { StaffMember } from '#lib/server/auth/roles.ts';
import { exportJson } from '#lib/server/catalog/exchange.ts';
import { loadServerConfig } from '#lib/server/config.ts';
import { createServerContext, setServerContext, type ServerContext } from '#lib/server/context.ts';
import { setUpDemo } from '#lib/server/demo-setup.ts';
import { startZvtSimulator } from '@venue-kiosk/device-doubles/zvt/server.ts';
import { useSimulator } from './harness.ts';

const sim = useSimulator();

/** Every setup page's server module, as the build imports it. */
const ROUTES = import.meta.glob<{ actions?: Record<string, Action> }>(
	'/src/routes/setup/**/+page.server.ts',
	{ eager: true }
);

const MANAGER: StaffMember = { name: 'Mia Manager', role: 'manager' };
const STAFF: StaffMember = { name: 'Sam Staff', role: 'staff' };

/** What the walk knows while it goes: the devices, the sale and the journal entry it made. */
interface Walk {
	context: ServerContext;
	kioskId: string;
	boardId: string;
	saleId: string;
	zvtPort: number;
	needsStaffEntry: number;
}

interface Audited {
	/** Who may: a manager (staff are refused), staff (either role), or nobody logged in yet. */
	as: 'manager' | 'staff' | 'anyone';
	audits: AuditAction[];
	params?: (walk: Walk) => Promise<Record<string, string>> | Record<string, string>;
	form?: (walk: Walk) => Promise<FormFields> | FormFields;
}

/** A form's fields; a list is a field posted once per value, in order. */
type FormFields = Record<string, string | string[] | File>;

type Row = Audited | { changesNothing: string };

/** Route id and action (`default` for a page's only one) → what it writes; in walking order. */
const ACTIONS: Record<string, Row> = {
	'/setup/first-run?/default': {
		as: 'anyone',
		audits: ['passwords.first-run'],
		form: async ({ context }) => ({
			// The one-time code the server logs while no password exists.
			setupCode: await context.setupCode.current(),
			name: 'Mia Manager',
			password: 'staff-pass-1',
			confirm: 'staff-pass-1',
			managerPassword: 'manager-pass-1',
			managerConfirm: 'manager-pass-1'
		})
	},
	'/setup/login?/default': {
		changesNothing: 'a login: a session, counted by the login throttle (auth/login-attempts.ts)'
	},
	'/setup?/kiosk': {
		as: 'manager',
		audits: ['settings.kiosk'],
		form: () => ({
			creditPaymentType: 'SPLIT_PAYMENT',
			serviceFee: '0,50',
			serviceFeeVat: '19',
			depositVat: '19',
			idleSeconds: '90',
			suggestedProductId: ''
		})
	},
	'/setup?/returnStation': {
		as: 'manager',
		audits: ['settings.return-station'],
		form: () => ({ staffAttended: 'on', returnIdleSeconds: '45', resultSeconds: '10' })
	},
	'/setup?/screenGeometry': {
		as: 'manager',
		audits: ['settings.screen-geometry'],
		form: () => ({ lowerEdgeMm: '900', visibleHeightMm: '700' })
	},
	'/setup?/guestLanguages': {
		as: 'manager',
		audits: ['settings.guest-languages'],
		form: () => ({ offered: 'de', house: 'de' })
	},
	'/setup?/ageLimits': {
		as: 'manager',
		audits: ['settings.age-limits'],
		form: () => ({ age: ['16', '18', '21'], 'covers-2-de': 'Whisky' })
	},
	'/setup?/orderBoard': {
		as: 'manager',
		audits: ['settings.order-board'],
		form: () => ({ warnAfterMinutes: '4', lateAfterMinutes: '8', order: 'newest' })
	},
	'/setup?/pin': { as: 'manager', audits: ['settings.screen-pin'], form: () => ({ pin: '4711' }) },
	'/setup?/password': {
		as: 'manager',
		audits: ['password.staff'],
		form: () => ({ role: 'staff', password: 'staff-pass-2', confirm: 'staff-pass-2' })
	},
	'/setup/menu?/import': {
		as: 'manager',
		audits: ['menu.import'],
		form: async ({ context }) => ({
			file: new File([exportJson(await context.catalog.list())], 'menu.json', {
				type: 'application/json'
			})
		})
	},
	'/setup/menu?/availability': {
		as: 'manager',
		audits: ['menu.availability'],
		form: () => ({ id: 'food_pretzel', available: 'false' })
	},
	'/setup/menu?/picture': {
		as: 'manager',
		audits: ['menu.picture'],
		form: async () => ({
			id: 'food_pretzel',
			picture: new File(
				[
					await sharp({
						create: { width: 80, height: 60, channels: 3, background: '#c84' }
					})
						.png()
						.toBuffer()
				],
				'pretzel.png',
				{ type: 'image/png' }
			)
		})
	},
	'/setup/menu?/names': {
		as: 'manager',
		audits: ['menu.names'],
		form: () => ({
			kind: 'product',
			id: 'food_pretzel',
			'name-en': 'Pretzel',
			'name-de': 'Laugenbrezel'
		})
	},
	'/setup/menu?/facts': {
		as: 'manager',
		audits: ['menu.facts'],
		form: () => ({ id: 'food_pretzel', allergen: 'gluten', diet: 'vegetarian' })
	},
	'/setup/menu?/age': {
		as: 'manager',
		audits: ['menu.age'],
		form: () => ({ id: 'drink_pils', minAge: '18' })
	},
	'/setup/menu?/removePicture': {
		as: 'manager',
		audits: ['menu.picture-remove'],
		form: () => ({ id: 'food_pretzel' })
	},
	'/setup/devices/new?/default': {
		as: 'manager',
		audits: ['device.add'],
		form: () => ({
			name: 'Garden kiosk',
			apiKey: sim.device('dev_kiosk_garden').apiKey,
			environment: 'simulator',
			baseUrl: '',
			mode: 'kiosk'
		})
	},
	'/setup/devices/[id]?/unattended': {
		as: 'manager',
		audits: ['device.unattended'],
		params: ({ kioskId }) => ({ id: kioskId }),
		form: () => ({ unattended: 'true' })
	},
	'/setup/devices/[id]?/refresh': {
		changesNothing: 'reads the device’s identity and deposits again, as the periodic refresh does'
	},
	'/setup/devices/[id]?/pair': {
		as: 'manager',
		audits: ['device.pair'],
		params: ({ kioskId }) => ({ id: kioskId })
	},
	'/setup/devices/[id]?/rotateCallback': {
		as: 'manager',
		audits: ['device.callback-rotate'],
		params: ({ boardId }) => ({ id: boardId })
	},
	'/setup/devices/[id]?/printer': {
		as: 'manager',
		audits: ['device.printer'],
		params: ({ kioskId }) => ({ id: kioskId }),
		form: () => ({ printerHost: '127.0.0.1', printerPort: '9100', printMode: 'on-request' })
	},
	'/setup/devices/[id]?/printerTest': { changesNothing: 'prints a test page' },
	'/setup/devices/[id]?/terminal': {
		as: 'manager',
		audits: ['device.terminal'],
		params: ({ kioskId }) => ({ id: kioskId }),
		form: ({ zvtPort }) => ({
			terminalKind: 'zvt',
			terminalHost: '127.0.0.1',
			terminalPort: String(zvtPort),
			terminalPassword: '000000',
			terminalCurrency: 'EUR'
		})
	},
	'/setup/devices/[id]?/terminalTest': { changesNothing: 'asks the card terminal how it is' },
	'/setup/devices/[id]?/dayClosing': {
		as: 'manager',
		audits: ['terminal.day-closing'],
		params: ({ kioskId }) => ({ id: kioskId })
	},
	'/setup/sales/[id]?/review': {
		changesNothing: 'shows the refund for a second look; nothing is sent'
	},
	'/setup/sales/[id]?/refund': {
		as: 'manager',
		audits: ['refund.requested', 'refund.outcome'],
		params: ({ saleId }) => ({ id: saleId }),
		form: () => ({ requestId: randomUUID(), card: '1,00', comment: 'cold pretzel' })
	},
	'/setup/sales/[id]?/settle': {
		as: 'manager',
		audits: ['refund.check-again'],
		params: ({ saleId }) => ({ id: saleId })
	},
	'/setup/diagnostics?/refresh': {
		changesNothing: 'reads every device’s identity and deposits again, as the periodic refresh does'
	},
	'/setup/diagnostics?/resolve': { as: 'staff', audits: ['journal.resolve-now'] },
	'/setup/diagnostics?/handled': {
		as: 'staff',
		audits: ['journal.handled'],
		form: ({ needsStaffEntry }) => ({ id: String(needsStaffEntry) })
	},
	'/setup/fleet?/act': {
		as: 'staff',
		audits: ['device.out-of-order'],
		form: ({ kioskId }) => ({ action: 'out-of-order', deviceId: kioskId })
	},
	'/setup/fleet?/settings': {
		as: 'manager',
		audits: ['settings.fleet'],
		form: () => ({ silentAfterSeconds: '30', 'outOfOrderText-en': 'Please order at the bar.' })
	},
	'/setup/devices/[id]?/remove': {
		as: 'manager',
		audits: ['device.remove'],
		params: async ({ context }) => ({
			id: (await context.devices.list()).find((device) => device.name === 'Garden kiosk')!.id
		})
	}
};

/** `/setup/devices/[id]?/pair` for each action of each setup page module. */
function actionsOnDisk(): Map<string, Action> {
	const found = new Map<string, Action>();
	for (const [file, module] of Object.entries(ROUTES)) {
		const route = file.replace('/src/routes', '').replace(/\/\+page\.server\.ts$/, '') || '/';
		for (const [name, action] of Object.entries(module.actions ?? {}))
			found.set(`${route}?/${name}`, action);
	}
	return found;
}

/** Cookies as an action sees them: enough for pairing this "browser". */
function cookieJar(): Pick<Cookies, 'get' | 'getAll' | 'set' | 'delete'> {
	const jar = new Map<string, string>();
	return {
		get: (name) => jar.get(name),
		getAll: () => [...jar].map(([name, value]) => ({ name, value })),
		set: (name, value) => void jar.set(name, value),
		delete: (name) => void jar.delete(name)
	};
}

/** Runs `action` as `staff` posted `form`: its result, or what it threw (a redirect, an error). */
async function run(
	action: Action,
	key: string,
	staff: StaffMember | null,
	params: Record<string, string>,
	fields: FormFields
): Promise<unknown> {
	const form = new FormData();
	for (const [name, value] of Object.entries(fields))
		for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
	const path = key.split('?')[0]!.replace('[id]', params.id ?? '');
	const url = new URL(`http://127.0.0.1${path}`);
	const event = {
		request: new Request(url, { method: 'POST', body: form }),
		url,
		params,
		locals: { staff, screenDeviceId: null },
		cookies: cookieJar(),
		getClientAddress: () => '127.0.0.1'
	};
	try {
		return await action(event as unknown as Parameters<Action>[0]);
	} catch (thrown) {
		return thrown;
	}
}

it('every setup form action is known here, and each that changes something writes its audit entries under the name of who did it', async () => {
	const onDisk = actionsOnDisk();
	expect([...onDisk.keys()].sort()).toEqual(Object.keys(ACTIONS).sort());

	const dataDir = mkdtempSync(join(tmpdir(), 'setup-actions-'));
	const context = await createServerContext(
		loadServerConfig({ DATA_DIR: dataDir, DEMO: 'true', SIMULATOR_URL: sim.url })
	);
	setServerContext(context);
	const zvt = await startZvtSimulator({ port: 0, host: '127.0.0.1', password: '000000' });
	try {
		const walk = { context, zvtPort: zvt.port } as Walk;
		let setUp = false;
		for (const [key, row] of Object.entries(ACTIONS)) {
			if ('changesNothing' in row) continue;
			// First run is walked before demo set-up makes the passwords; the rest after it.
			if (row.as !== 'anyone' && !setUp) {
				await setUpDemo(context);
				Object.assign(walk, await walkFixtures(context));
				setUp = true;
			}
			const action = onDisk.get(key)!;
			const params = (await row.params?.(walk)) ?? {};
			const form = (await row.form?.(walk)) ?? {};
			const entriesNow = async () => (await context.audit.list({}, { limit: 10_000 })).entries;
			const before = (await entriesNow()).length;
			// Newest first: the entries written since `before`.
			const newEntries = async () => {
				const all = await entriesNow();
				return all.slice(0, all.length - before);
			};
			if (row.as === 'manager') {
				const refused = await run(action, key, STAFF, params, form);
				expect(isHttpError(refused, 403), `${key} refuses a staff login`).toBe(true);
				expect(await newEntries(), `${key} writes nothing for a staff login`).toEqual([]);
			}
			const who = row.as === 'staff' ? STAFF : row.as === 'manager' ? MANAGER : null;
			const outcome = await run(action, key, who, params, form);
			const succeeded =
				isRedirect(outcome) ||
				!(isActionFailure(outcome) || isHttpError(outcome) || outcome instanceof Error);
			expect(succeeded, `${key} succeeds: ${JSON.stringify(outcome)} ${String(outcome)}`).toBe(
				true
			);
			const entries = await newEntries();
			expect(
				entries.map((entry) => entry.action).sort(),
				`${key} writes its audit entries`
			).toEqual([...row.audits].sort());
			for (const entry of entries) {
				expect(entry).toMatchObject({
					actorName: (who ?? MANAGER).name,
					actorRole: (who ?? MANAGER).role
				});
				expect(Date.parse(entry.at)).not.toBeNaN();
			}
		}
		// The entry marked handled names who handled it.
		expect(await context.journal.get(walk.needsStaffEntry)).toMatchObject({
			status: 'resolved',
			result: { resolvedBy: 'staff', staffName: STAFF.name }
		});
	} finally {
		await zvt.close();
		await context.close();
	}
}, 120_000);

/** The demo devices, a kiosk sale paid on the card, and a journal entry that needs staff. */
async function walkFixtures(context: ServerContext): Promise<Omit<Walk, 'context' | 'zvtPort'>> {
	const devices = await context.devices.list();
	const idOf = (mode: string) => devices.find((device) => device.mode === mode)!.id;
	const kioskId = idOf('kiosk');
	await context.refreshAll();
	const sale = await context.checkout.start(
		kioskId,
		[{ productId: 'drink_pils', quantity: 2 }],
		16
	);
	const paying = context.checkout.pay(sale.id);
	// Demo mode: the on-screen terminal approves.
	expect(await context.terminal!.answer(sale.id, 'approved')).toBe(true);
	expect((await paying).state).toBe('completed');
	const entry = await context.journal.begin({
		deviceId: kioskId,
		operation: 'createDepositTransaction',
		reference: sale.id,
		request: {}
	});
	await context.journal.settle(entry, 'needs-staff', { errorCode: 'deposit-possibly-issued' });
	return { kioskId, boardId: idOf('board'), saleId: sale.id, needsStaffEntry: entry };
}
