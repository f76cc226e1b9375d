/**
 * A manager's names for the menu in the screens' languages (setup's menu page; the route checks
 * the role): a product's name and description, a menu category's heading and a container
 * category's name. Every language the guest screens offer is one field (the project's locales);
 * a field left empty means "none in this language" and the screens fall back (#lib/shared/format.ts
 * nameIn): to the English name, then to the built-in heading of a category or the platform's
 * name of a container. A product keeps its English name. The form is read whole before anything
 * is saved: a refused edit changes nothing and records nothing; a saved one writes its audit entry
 * with the names before and after.
 */
import { baseLocale, locales } from '#lib/paraglide/runtime.js';
import type { StaffNames, Translated } from '#lib/shared/translated.ts';
import type { StaffMember } from '../auth/roles.ts';
import { depositCategories } from './device-overview.ts';
import type { ServerContext } from '../context.ts';
import { activeDepositConfiguration } from '../devices/platform-view.ts';
import { textField } from '../http/forms.ts';
import { saveVenueNames, venueNames, withNames } from '../catalog/menu-names.ts';
import { DESCRIPTION_MAX, NAME_MAX, staffNames } from '../catalog/translated-name.ts';

export const NAMED_KINDS = ['product', 'category', 'container'] as const;
export type NamedKind = (typeof NAMED_KINDS)[number];

export type NamesProblem = 'unknown' | 'too-long' | 'name-required';

export type NamesEdit =
	{ ok: true; kind: NamedKind; id: string } | { ok: false; problem: NamesProblem };

/** A category or container on the page: its id, the name shown without one of staff's, theirs. */
export interface NamedEntry {
	id: string;
	fallback: string;
	names: StaffNames;
}

/** The texts of `field` per language (`name-de`, …): trimmed, the empty ones left out. */
function textsOf(form: FormData, field: 'name' | 'description', max: number) {
	return staffNames(max).safeParse(
		Object.fromEntries(locales.map((locale) => [locale, textField(form, `${field}-${locale}`)]))
	);
}

/**
 * The container categories of every device's deposit configuration (the platform names them),
 * with those staff named that no configuration lists any more, so their names can be cleared.
 */
export async function containerEntries(context: ServerContext): Promise<NamedEntry[]> {
	const platformNames = new Map<string, string>();
	for (const device of await context.devices.list()) {
		const configuration = activeDepositConfiguration(await context.views.get(device.id));
		for (const category of configuration ? depositCategories(configuration) : [])
			platformNames.set(category.id, category.name);
	}
	const { containers } = await venueNames(context.settings);
	const ids = new Set([...platformNames.keys(), ...Object.keys(containers)]);
	return [...ids].map((id) => ({
		id,
		fallback: platformNames.get(id) ?? id,
		names: containers[id] ?? {}
	}));
}

/** The form's names for the product, category or container it names (`kind`, `id`). */
export async function renameMenuEntry(
	context: ServerContext,
	actor: StaffMember,
	form: FormData
): Promise<NamesEdit> {
	const kind = NAMED_KINDS.find((candidate) => candidate === textField(form, 'kind'));
	const id = textField(form, 'id');
	const names = textsOf(form, 'name', NAME_MAX);
	const descriptions = textsOf(form, 'description', DESCRIPTION_MAX);
	if (!kind || !id) return { ok: false, problem: 'unknown' };
	if (!names.success || !descriptions.success) return { ok: false, problem: 'too-long' };
	const { catalog, settings, audit } = context;
	if (kind === 'product') {
		const product = await catalog.get(id);
		if (!product) return { ok: false, problem: 'unknown' };
		if (!names.data[baseLocale]) return { ok: false, problem: 'name-required' };
		const after = { name: names.data as Translated, description: descriptions.data };
		await catalog.upsert({ ...product, ...after });
		await audit.write(actor, 'menu.names', `product:${id}`, {
			before: { name: product.name, description: product.description },
			after
		});
		return { ok: true, kind, id };
	}
	const known =
		kind === 'category'
			? (await catalog.list()).some((product) => product.category === id)
			: (await containerEntries(context)).some((entry) => entry.id === id);
	if (!known) return { ok: false, problem: 'unknown' };
	const stored = await venueNames(settings);
	const set = kind === 'category' ? 'categories' : 'containers';
	await saveVenueNames(settings, withNames(stored, set, id, names.data));
	await audit.write(actor, 'menu.names', `${kind}:${id}`, {
		before: stored[set][id] ?? {},
		after: names.data
	});
	return { ok: true, kind, id };
}
