/**
 * A manager's edits of the menu (the route checks the role): the import (with the names of the
 * categories and containers the file carries: catalog/exchange.ts), a product's availability and
 * its picture; its names are menu-name-edits.ts. Each writes its audit entry once the change is made; a refused
 * edit changes nothing and records nothing.
 */
import type { StaffMember } from '../auth/roles.ts';
import type { ServerContext } from '../context.ts';
import { saveVenueAdditives, venueAdditives } from '../catalog/additives.ts';
import { saveVenueNames, venueNames } from '../catalog/menu-names.ts';
import { textField } from '../http/forms.ts';
import { readMenuUpload } from './menu-upload.ts';
import { readPictureUpload, type PictureProblem } from './picture-upload.ts';

export type MenuImport =
	{ ok: true; imported: number } | { ok: false; missing: true } | { ok: false; problems: string[] };

/** The menu file of the form replaces the menu; the pictures no product uses any more go. */
export async function importMenu(
	context: ServerContext,
	actor: StaffMember,
	form: FormData
): Promise<MenuImport> {
	const { catalog, pictures, audit, settings } = context;
	const additivesBefore = await venueAdditives(settings);
	const result = await readMenuUpload(form.get('file'), additivesBefore);
	if (!result) return { ok: false, missing: true };
	if (!result.ok) return { ok: false, problems: result.problems };
	const before = await catalog.list();
	const namesBefore = await venueNames(settings);
	await catalog.replaceAll(result.products);
	const names = { ...namesBefore, ...result.names };
	await saveVenueNames(settings, names);
	if (result.additives) await saveVenueAdditives(settings, result.additives);
	await pictures.pruneOrphans();
	const ids = (products: { id: string }[]) => products.map((product) => product.id);
	await audit.write(actor, 'menu.import', null, {
		before: {
			products: before.length,
			ids: ids(before),
			names: namesBefore,
			additives: additivesBefore
		},
		after: {
			products: result.products.length,
			ids: ids(result.products),
			names,
			additives: result.additives ?? additivesBefore
		}
	});
	return { ok: true, imported: result.products.length };
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
	return true;
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
