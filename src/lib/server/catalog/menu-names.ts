/**
 * The names staff give the menu's categories and the platform's container categories in the
 * screens' languages (#lib/shared/translated.ts VenueNames): one venue setting, read with the
 * menu by the guest screens and the receipt, changed on setup's menu page and by the menu file.
 * A product's names live on the product. A name staff clear is removed, so the fallback shows
 * again (#lib/shared/format.ts nameIn); a stored value that no longer reads is no names at all,
 * never a failed sale.
 */
import { z } from 'zod';
import type { StaffNames, VenueNames } from '#lib/shared/translated.ts';
import type { Settings } from '../settings.ts';
import { NAME_MAX, staffNames } from './translated-name.ts';

const KEY = 'menu-names';

/** A category's or container's id as the menu and the platform give it. */
export const nameIdSchema = z.string().trim().min(1).max(255);

/** The names of one kind (categories or containers) by id. */
export const namesByIdSchema = z.record(nameIdSchema, staffNames(NAME_MAX));

export const venueNamesSchema = z.object({
	categories: namesByIdSchema.default({}),
	containers: namesByIdSchema.default({})
});

export const NAME_KINDS = ['categories', 'containers'] as const satisfies (keyof VenueNames)[];
export type NameKind = (typeof NAME_KINDS)[number];

/** The names staff gave; a menu import stores them with its products (`entry`). */
export const venueNamesSetting = (settings: Settings) =>
	settings.typed<VenueNames>(KEY, venueNamesSchema, { categories: {}, containers: {} });

export const venueNames = (settings: Settings): Promise<VenueNames> =>
	venueNamesSetting(settings).read();

export const saveVenueNames = (settings: Settings, names: VenueNames): Promise<void> =>
	venueNamesSetting(settings).save(names);

/** `names` with those of `id` (a category or a container) as given; without, when none is left. */
export function withNames(
	names: VenueNames,
	kind: NameKind,
	id: string,
	given: StaffNames
): VenueNames {
	const others = Object.fromEntries(Object.entries(names[kind]).filter(([other]) => other !== id));
	return {
		...names,
		[kind]: Object.keys(given).length > 0 ? { ...others, [id]: given } : others
	};
}
