import { fail, redirect } from '@sveltejs/kit';
import { serverContext } from '#lib/server/context.ts';
import { readForm } from '#lib/server/http/forms.ts';
import {
	counterOrderStep,
	changeDesks,
	idCheck,
	kioskOrderStep,
	type BoardActionResult
} from '#lib/server/orders/board-actions.ts';
import { changeSoldOut, soldOutList } from '#lib/server/orders/sold-out.ts';
import { hasScreenPin } from '#lib/server/setup/screen-pin.ts';
import { exitScreenAction, pairedDevice } from '#lib/server/setup/screen-session.ts';
import type { Actions, PageServerLoad } from './$types';

/** The order board of a browser paired as one (anything else goes to /screen). */
export const load: PageServerLoad = async ({ locals, depends }) => {
	depends('board:orders');
	const context = serverContext();
	const device = await pairedDevice(context, locals.screenDeviceId, 'board');
	if (!device) redirect(303, '/screen');
	const { identity } = await context.views.get(device.id);
	return {
		device: { name: device.name },
		place: identity && { organization: identity.organization.name, place: identity.place.name },
		// Read again after each change from /api/board/view (the board's own JSON).
		board: await context.orderBoard.view(device.id),
		soldOut: await soldOutList(context),
		hasPin: await hasScreenPin(context.settings)
	};
};

/** Runs a board action for the paired board; a refusal is a 400 with its message key. */
async function boardAction(
	locals: App.Locals,
	request: Request,
	run: (deviceId: string, form: FormData) => Promise<BoardActionResult>
) {
	const context = serverContext();
	const device = await pairedDevice(context, locals.screenDeviceId, 'board');
	if (!device) return fail(401);
	const result = await run(device.id, await readForm(request));
	if (!result.ok) return fail(400, { boardError: result.error, orderKey: result.key ?? null });
}

export const actions: Actions = {
	/** A step on a counter order (spec 2): queued, sent by the server. */
	step: ({ locals, request }) =>
		boardAction(locals, request, (deviceId, form) =>
			counterOrderStep(serverContext(), deviceId, form)
		),
	/** A kiosk order moved to another status (ready, collected, or back). */
	kiosk: ({ locals, request }) =>
		boardAction(locals, request, (deviceId, form) =>
			kioskOrderStep(serverContext(), deviceId, form)
		),
	/** Staff checked the guest's ID for an age-restricted order (audited there). */
	idChecked: ({ locals, request }) =>
		boardAction(locals, request, (deviceId, form) => idCheck(serverContext(), deviceId, form)),
	/** Opens or closes one, several or all desks. */
	desks: ({ locals, request }) =>
		boardAction(locals, request, (deviceId, form) => changeDesks(serverContext(), deviceId, form)),
	/** Marks a product sold out or back (who may, and the audit entry: orders/sold-out.ts). */
	soldOut: async ({ locals, request }) => {
		const result = await changeSoldOut(
			serverContext(),
			locals.screenDeviceId,
			await readForm(request)
		);
		if (result.ok) return;
		if (result.error === 'not-paired') return fail(401);
		return fail(400, { boardError: result.error, orderKey: null });
	},
	exit: exitScreenAction
};
