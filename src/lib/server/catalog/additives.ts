/**
 * The venue's additive list (#lib/shared/food-facts.ts): the "Zusatzstoffe" a German menu names,
 * each with an id the products name and its wording per language. One venue setting, read with
 * the menu; until staff change it (the menu file's `additives`) it is the German labelling
 * defaults (ZZulV § 9 and the LMIV's caffeine and sweetener wordings). A stored value that no
 * longer reads is the defaults, never a failed menu.
 */
import { z } from 'zod';
import { ADDITIVE_ID } from '#lib/shared/food-facts.ts';
import { m } from '#lib/paraglide/messages.js';
import type { AdditiveNames } from '#lib/shared/food-fact-labels.ts';
import type { Settings } from '../settings.ts';
import type { Translated } from '#lib/shared/translated.ts';
import { translatedName } from './translated-name.ts';

const KEY = 'menu-additives';

export interface Additive {
	id: string;
	name: Translated;
}

export const DEFAULT_ADDITIVES: Additive[] = [
	{ id: 'colouring', name: { en: 'with colouring', de: 'mit Farbstoff' } },
	{ id: 'preservative', name: { en: 'with preservative', de: 'mit Konservierungsstoff' } },
	{ id: 'antioxidant', name: { en: 'with antioxidant', de: 'mit Antioxidationsmittel' } },
	{ id: 'flavour-enhancer', name: { en: 'with flavour enhancer', de: 'mit Geschmacksverstärker' } },
	{ id: 'sulphured', name: { en: 'sulphured', de: 'geschwefelt' } },
	{ id: 'blackened', name: { en: 'blackened', de: 'geschwärzt' } },
	{ id: 'waxed', name: { en: 'waxed', de: 'gewachst' } },
	{ id: 'phosphate', name: { en: 'with phosphate', de: 'mit Phosphat' } },
	{ id: 'sweetener', name: { en: 'with sweetener', de: 'mit Süßungsmittel' } },
	{
		id: 'phenylalanine',
		name: { en: 'contains a source of phenylalanine', de: 'enthält eine Phenylalaninquelle' }
	},
	{ id: 'caffeine', name: { en: 'contains caffeine', de: 'koffeinhaltig' } },
	{ id: 'quinine', name: { en: 'contains quinine', de: 'chininhaltig' } }
];

export const additiveListSchema = z
	.array(
		z.object({
			id: z
				.string()
				.trim()
				.regex(ADDITIVE_ID, { error: () => m.menu_import_additive_id() }),
			name: translatedName
		})
	)
	.max(100)
	.superRefine((list, context) => {
		const ids = new Set<string>();
		list.forEach((additive, index) => {
			if (ids.has(additive.id))
				context.addIssue({
					code: 'custom',
					path: [index, 'id'],
					message: m.menu_import_additive_repeated({ id: additive.id })
				});
			ids.add(additive.id);
		});
	});

/** The venue's additive list; a menu import stores it with its products (`entry`). */
export const additivesSetting = (settings: Settings) =>
	settings.typed<Additive[]>(KEY, additiveListSchema, DEFAULT_ADDITIVES);

export const venueAdditives = (settings: Settings): Promise<Additive[]> =>
	additivesSetting(settings).read();

/** The names of the additives `ids` names, as a menu item carries them to the screens. */
export function additiveNamesOf(list: readonly Additive[], ids: Iterable<string>): AdditiveNames {
	const wanted = new Set(ids);
	return Object.fromEntries(
		list.filter((additive) => wanted.has(additive.id)).map(({ id, name }) => [id, name])
	);
}
