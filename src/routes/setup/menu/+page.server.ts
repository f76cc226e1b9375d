import { readForm } from '#lib/server/http/forms.ts';
import { fail } from '@sveltejs/kit';
import { requireManager } from '#lib/server/auth/roles.ts';
import { serverContext } from '#lib/server/context.ts';
import {
	attachPicture,
	importMenu,
	removePicture,
	setAvailability,
	setFacts,
	setMinAge
} from '#lib/server/setup/menu-edits.ts';
import { venueAdditives } from '#lib/server/catalog/additives.ts';
import { venueAgeLimits } from '#lib/server/catalog/age-limits.ts';
import { containerEntries, renameMenuEntry } from '#lib/server/setup/menu-name-edits.ts';
import { venueNames } from '#lib/server/catalog/menu-names.ts';
import { DESCRIPTION_MAX, NAME_MAX } from '#lib/server/catalog/translated-name.ts';
import {
	announcesTooLarge,
	MAX_PICTURE_BYTES,
	MAX_PICTURE_MEGAPIXELS
} from '#lib/server/setup/picture-upload.ts';
import type { Actions, PageServerLoad } from './$types';

/** The menu, its import and every edit are a manager's (roles); each edit is audited. */
export const load: PageServerLoad = async ({ locals }) => {
	requireManager(locals);
	const context = serverContext();
	return {
		products: await context.catalog.list(),
		categoryNames: (await venueNames(context.settings)).categories,
		containers: await containerEntries(context),
		additives: await venueAdditives(context.settings),
		ageLimits: await venueAgeLimits(context.settings),
		nameLimits: { name: NAME_MAX, description: DESCRIPTION_MAX },
		pictureLimits: {
			megabytes: MAX_PICTURE_BYTES / (1024 * 1024),
			megapixels: MAX_PICTURE_MEGAPIXELS
		}
	};
};

/** setup/menu-edits.ts makes each edit and writes its audit entry. */
export const actions: Actions = {
	import: async ({ request, locals }) => {
		const result = await importMenu(
			serverContext(),
			requireManager(locals),
			await readForm(request)
		);
		if (result.ok) return { imported: result.imported, namesKept: result.namesKept };
		return 'missing' in result
			? fail(400, { missing: true })
			: fail(400, { problems: result.problems.slice(0, 50) });
	},
	availability: async ({ request, locals }) => {
		const actor = requireManager(locals);
		if (!(await setAvailability(serverContext(), actor, await readForm(request)))) return fail(400);
	},
	picture: async ({ request, locals }) => {
		const actor = requireManager(locals);
		// Refused unread: past the server's body limit the form would only look empty.
		if (announcesTooLarge(request)) return fail(413, { pictureProblem: 'too-large' as const });
		const edit = await attachPicture(serverContext(), actor, await readForm(request));
		return edit.ok ? { pictureSaved: edit.id } : fail(400, { pictureProblem: edit.problem });
	},
	names: async ({ request, locals }) => {
		const edit = await renameMenuEntry(
			serverContext(),
			requireManager(locals),
			await readForm(request)
		);
		return edit.ok
			? { namesSaved: { kind: edit.kind, id: edit.id } }
			: fail(400, { namesProblem: edit.problem });
	},
	facts: async ({ request, locals }) => {
		const edit = await setFacts(serverContext(), requireManager(locals), await readForm(request));
		return edit.ok
			? { factsSaved: edit.id }
			: fail(400, { factsProblem: edit.problem === 'conflict' ? edit : { problem: edit.problem } });
	},
	age: async ({ request, locals }) => {
		const edit = await setMinAge(serverContext(), requireManager(locals), await readForm(request));
		return edit.ok ? { ageSaved: edit.id } : fail(400, { ageProblem: true });
	},
	removePicture: async ({ request, locals }) => {
		const edit = await removePicture(
			serverContext(),
			requireManager(locals),
			await readForm(request)
		);
		return edit.ok ? { pictureRemoved: edit.id } : fail(400, { pictureProblem: edit.problem });
	}
};
