import { describe, expect, it, vi } from 'vitest';
import type { ServerContext } from '../context.ts';
import { PlatformApiError, PlatformNetworkError } from '../platform/errors.ts';
import { counterOrderStep, changeDesks } from './board-actions.ts';

function form(fields: [string, string][]): FormData {
	const data = new FormData();
	for (const [name, value] of fields) data.append(name, value);
	return data;
}

function context(change: () => Promise<unknown> = async () => ({ ok: true, desks: [] })) {
	const request = vi.fn(async () => ({ ok: true }) as const);
	const deskChange = vi.fn(change);
	const stub = { counterOrders: { steps: { request }, desks: { change: deskChange } } };
	return { context: stub as unknown as ServerContext, request, deskChange };
}

describe('counterOrderStep', () => {
	it('passes a well-formed step to the staff steps', async () => {
		const { context: ctx, request } = context();
		const result = await counterOrderStep(
			ctx,
			'board-1',
			form([
				['orderId', 'ord_000001'],
				['action', 'reject'],
				['rejectionMessage', 'Sold out']
			])
		);
		expect(result).toEqual({ ok: true });
		expect(request).toHaveBeenCalledExactlyOnceWith('board-1', 'ord_000001', 'reject', 'Sold out');
	});

	it.each([
		[[['action', 'approve']]],
		[
			[
				['orderId', ''],
				['action', 'approve']
			]
		],
		[
			[
				['orderId', 'ord 1'],
				['action', 'approve']
			]
		],
		[
			[
				['orderId', '..'],
				['action', 'approve']
			]
		],
		[
			[
				['orderId', 'ord_1'],
				['action', 'APPROVED']
			]
		],
		[[['orderId', 'ord_1']]]
	] as [string, string][][][])('refuses %j as a bad request, changing nothing', async (fields) => {
		const { context: ctx, request } = context();
		expect(await counterOrderStep(ctx, 'board-1', form(fields))).toEqual({
			ok: false,
			error: 'bad-request'
		});
		expect(request).not.toHaveBeenCalled();
	});
});

describe('changeDesks', () => {
	it('changes one, several or all desks', async () => {
		const { context: ctx, deskChange } = context();
		const ids = ['desk_a', 'desk_b', 'desk_c'];
		expect(
			await changeDesks(
				ctx,
				'board-1',
				form([...ids.map((id) => ['deskId', id] as [string, string]), ['enabled', 'false']])
			)
		).toEqual({ ok: true });
		expect(deskChange).toHaveBeenCalledWith('board-1', ids, false);
		await changeDesks(
			ctx,
			'board-1',
			form([
				['deskId', 'desk_a'],
				['enabled', 'true']
			])
		);
		expect(deskChange).toHaveBeenLastCalledWith('board-1', ['desk_a'], true);
	});

	it.each([
		['no desk', [['enabled', 'true']]],
		[
			'a repeated desk',
			[
				['deskId', 'a'],
				['deskId', 'a'],
				['enabled', 'true']
			]
		],
		[
			'a bad id',
			[
				['deskId', 'a b'],
				['enabled', 'true']
			]
		],
		['no state', [['deskId', 'a']]],
		[
			'another state',
			[
				['deskId', 'a'],
				['enabled', 'yes']
			]
		],
		[
			'over 200 desks',
			[...Array.from({ length: 201 }, (_, i) => ['deskId', `d${i}`]), ['enabled', 'true']]
		]
	] as [string, [string, string][]][])('refuses %s as a bad request', async (_, fields) => {
		const { context: ctx, deskChange } = context();
		expect(await changeDesks(ctx, 'board-1', form(fields))).toEqual({
			ok: false,
			error: 'bad-request'
		});
		expect(deskChange).not.toHaveBeenCalled();
	});

	it('tells a refusal from an unreachable platform', async () => {
		const refused = context(async () => ({
			ok: false,
			error: new PlatformApiError(
				'changeDeskStatusesByIntegration',
				403,
				'DEVICE_CANNOT_ACCESS_DESK',
				'no',
				[]
			)
		}));
		const down = context(async () => ({
			ok: false,
			error: new PlatformNetworkError('changeDeskStatusesByIntegration', 'unreachable', 'known')
		}));
		const fields = form([
			['deskId', 'a'],
			['enabled', 'false']
		]);
		expect(await changeDesks(refused.context, 'b', fields)).toEqual({
			ok: false,
			error: 'desks-refused'
		});
		expect(await changeDesks(down.context, 'b', fields)).toEqual({
			ok: false,
			error: 'desks-unreachable'
		});
	});
});
