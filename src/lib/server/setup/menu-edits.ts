/**
 * A manager's edits of the menu (the route checks the role): the import (with the names of the
 * categories and containers the file carries: catalog/exchange.ts), a product's availability,
 * its food facts (allergens, additives, diet: #lib/shared/food-facts.ts) and its picture; its
 * names are menu-name-edits.ts. Each writes its audit entry once the change is made; a refused
 * edit changes nothing and records nothing. An import is validated whole first (exchange.ts),
 * then its products, names, additive list and audit entry are written in one store transaction:
 * a failure on the way leaves the menu as it was, never half imported. An import and an
 * availability change tell the kiosks at once (catalog/menu-feed.ts).
 */
import type { AllergenId, DietId } from '#lib/shared/food-facts.ts';
import type { StaffMember } from '../auth/roles.ts';
import type { ServerContext } from '../context.ts';
import { additivesSetting, venueAdditives } from '../catalog/additives.ts';
import { minAge, unknownAges, venueAgeLimits } from '../catalog/age-limits.ts';
import {
	additiveList,
	allergenList,
	dietConflict,
	dietList,
	unknownAdditives
} from '../catalog/food-facts-input.ts';
import { NAME_KINDS, venueNames, venueNamesSetting, type NameKind } from '../catalog/menu-names.ts';
import { textField } from '../http/forms.ts';
import { readMenuUpload } from './menu-upload.ts';
import { readPictureUpload, type PictureProblem } from './picture-upload.ts';

/** `namesKept`: the kinds of names staff gave that the file does not carry, so left as they were. */
export type MenuImport =
	| { ok: true; imported: number; namesKept: NameKind[] }
	| { ok: false; missing: true }
	| { ok: false; problems: string[] };

/** The menu file of the form replaces the menu; the pictures no product uses any more go. */
export async function importMenu(
	context: ServerContext,
	actor: StaffMember,
	form: FormData
): Promise<MenuImport> {
	const { catalog, pictures, audit, settings } = context;
	const additivesBefore = await venueAdditives(settings);
	const result = await readMenuUpload(
		form.get('file'),
		additivesBefore,
		await venueAgeLimits(settings)
	);
	if (!result) return { ok: false, missing: true };
	if (!result.ok) return { ok: false, problems: result.problems };
	const before = await catalog.list();
	const namesBefore = await venueNames(settings);
	const names = { ...namesBefore, ...result.names };
	const ids = (products: { id: string }[]) => products.map((product) => product.id);
	const additives = result.additives ?? additivesBefore;
	const stored = {
		...venueNamesSetting(settings).entry(names),
		...(result.additives ? additivesSetting(settings).entry(result.additives) : {})
	};
	await settings.setWith(stored, async (db) => {
		await catalog.replaceAll(result.products, db);
		await audit.write(
			actor,
			'menu.import',
			null,
			{
				before: {
					products: before.length,
					ids: ids(before),
					names: namesBefore,
					additives: additivesBefore
				},
				after: { products: result.products.length, ids: ids(result.products), names, additives }
			},
			db
		);
	});
	await pictures.pruneOrphans();
	await context.menuFeed.changed();
	const namesKept = NAME_KINDS.filter(
		(kind) => result.names[kind] === undefined && Object.keys(namesBefore[kind]).length > 0
	);
	return { ok: true, imported: result.products.length, namesKept };
}

/** A product (`id`) offered or not (`available`: 'true'); false for an unknown product. */
export async function setAvailability(
	context: ServerContext,
	actor: StaffMember,
	form: FormData
): Promise<boolean> {
	const id = textField(form, 'id');
	const available = textField(form, 'available') === 'true';
	const { catalog, audit } = context;
	const product = await catalog.get(id);
	if (!product || !(await catalog.setAvailable(id, available))) return false;
	await audit.write(actor, 'menu.availability', id, {
		before: { available: product.available },
		after: { available }
	});
	await context.menuFeed.changed();
	return true;
}

export type FactsEdit =
	| { ok: true; id: string }
	| { ok: false; problem: 'unknown' }
	| { ok: false; problem: 'conflict'; diet: DietId; allergen: AllergenId };

/** Product `id`'s allergens, additives and diets as the form's checkboxes give them. */
export async function setFacts(
	context: ServerContext,
	actor: StaffMember,
	form: FormData
): Promise<FactsEdit> {
	const id = textField(form, 'id');
	const { catalog, audit, settings } = context;
	const product = await catalog.get(id);
	const values = (name: string) => form.getAll(name).map(String);
	const allergens = allergenList.safeParse(values('allergen'));
	const additives = additiveList.safeParse(values('additive'));
	const diets = dietList.safeParse(values('diet'));
	if (!product || !allergens.success || !additives.success || !diets.success)
		return { ok: false, problem: 'unknown' };
	if (unknownAdditives(additives.data, await venueAdditives(settings)).length > 0)
		return { ok: false, problem: 'unknown' };
	const facts = { allergens: allergens.data, additives: additives.data, diets: diets.data };
	const conflict = dietConflict(facts);
	if (conflict) return { ok: false, problem: 'conflict', ...conflict };
	if (!(await catalog.setFacts(id, facts))) return { ok: false, problem: 'unknown' };
	await audit.write(actor, 'menu.facts', id, { before: product.facts, after: facts });
	return { ok: true, id };
}

/**
 * Product `id`'s minimum age as the form's choice gives it (`minAge`: 0 for none, or one of the
 * venue's age limits, catalog/age-limits.ts); audited as `menu.age`.
 */
export async function setMinAge(
	context: ServerContext,
	actor: StaffMember,
	form: FormData
): Promise<{ ok: true; id: string } | { ok: false }> {
	const id = textField(form, 'id');
	const { catalog, audit, settings } = context;
	const product = await catalog.get(id);
	const age = minAge.safeParse(textField(form, 'minAge'));
	if (!product || !age.success || unknownAges([age.data], await venueAgeLimits(settings)).length)
		return { ok: false };
	if (!(await catalog.setMinAge(id, age.data))) return { ok: false };
	await audit.write(actor, 'menu.age', id, {
		before: { minAge: product.minAge },
		after: { minAge: age.data }
	});
	// The kiosks show the new age (an unattended one hides the product) at once.
	await context.menuFeed.changed();
	return { ok: true, id };
}

export type PictureEdit =
	{ ok: true; id: string } | { ok: false; problem: PictureProblem | 'unknown-product' };

/** The picture of the form for product `id`, read, checked and stored. */
export async function attachPicture(
	context: ServerContext,
	actor: StaffMember,
	form: FormData
): Promise<PictureEdit> {
	const id = textField(form, 'id');
	const { catalog, pictures, audit } = context;
	// The product first: no picture is decoded for one that is gone.
	if (!(await catalog.get(id))) return { ok: false, problem: 'unknown-product' };
	const upload = await readPictureUpload(form.get('picture'));
	if (!upload.ok) return { ok: false, problem: upload.problem };
	if (!(await pictures.attach(id, upload.picture)))
		return { ok: false, problem: 'unknown-product' };
	await audit.write(actor, 'menu.picture', id, {
		after: { image: (await catalog.get(id))?.image ?? null }
	});
	return { ok: true, id };
}

/** Product `id` without its picture. */
export async function removePicture(
	context: ServerContext,
	actor: StaffMember,
	form: FormData
): Promise<PictureEdit> {
	const id = textField(form, 'id');
	const { catalog, pictures, audit } = context;
	const before = (await catalog.get(id))?.image ?? null;
	if (!(await pictures.detach(id))) return { ok: false, problem: 'unknown-product' };
	await audit.write(actor, 'menu.picture-remove', id, { before: { image: before } });
	return { ok: true, id };
}
