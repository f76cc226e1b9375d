/**
 * A product's option groups at the boundary (menu import, the menu file): checked here so the
 * store holds only groups a guest can satisfy. Prices are written like `grossPrice`, in major
 * units of the product's currency; product.ts converts them to minor units.
 */
import { z } from 'zod';
import { fromMinor } from '@venue-kiosk/vocabulary/money.ts';
import { m } from '#lib/paraglide/messages.js';
import type { OptionGroup } from '#lib/shared/product-options.ts';
import { minAge } from './age-limits.ts';
import { additiveList, allergenList } from './food-facts-input.ts';
import { translatedName } from './translated-name.ts';

/** Letters, digits, `_` and `-`: safe in a productId (`<productId>~<choiceId>`) and a URL. */
const optionId = z
	.string()
	.trim()
	.regex(/^[A-Za-z0-9_-]{1,40}$/, { error: () => m.menu_import_option_id() });

const choiceSchema = z.object({
	id: optionId,
	name: translatedName,
	price: z.number().min(0).max(100_000).default(0),
	/** What the choice adds to the product's (oat milk: none; cow's milk: milk). */
	allergens: allergenList.optional(),
	additives: additiveList.optional(),
	/** The age the choice is sold from when higher than its product's (a shot of rum). */
	minAge: minAge.optional()
});

const groupSchema = z
	.object({
		id: optionId,
		name: translatedName,
		min: z.int().min(0).max(50).default(0),
		max: z.int().min(1).max(50),
		choices: z.array(choiceSchema).min(1).max(50)
	})
	.superRefine((group, context) => {
		if (group.min > group.max)
			context.addIssue({ code: 'custom', path: ['min'], message: m.menu_import_min_over_max() });
		if (group.max > group.choices.length)
			context.addIssue({
				code: 'custom',
				path: ['max'],
				message: m.menu_import_max_over_choices()
			});
	});

export const optionGroupsInputSchema = z
	.array(groupSchema)
	.max(20)
	.superRefine((groups, context) => {
		const groupIds = new Set<string>();
		const choiceIds = new Set<string>();
		groups.forEach((group, groupIndex) => {
			if (groupIds.has(group.id))
				context.addIssue({
					code: 'custom',
					path: [groupIndex, 'id'],
					message: m.menu_import_group_repeated({ id: group.id })
				});
			groupIds.add(group.id);
			group.choices.forEach((choice, choiceIndex) => {
				// Unique across groups: a basket line names the chosen choices by id alone.
				if (choiceIds.has(choice.id))
					context.addIssue({
						code: 'custom',
						path: [groupIndex, 'choices', choiceIndex, 'id'],
						message: m.menu_import_choice_repeated({ id: choice.id })
					});
				choiceIds.add(choice.id);
			});
		});
	});

/** The exchange form of option groups (the inverse of the input schema). */
export function optionGroupsToExchangeForm(groups: readonly OptionGroup[], currencyCode: string) {
	return groups.map((group) => ({
		id: group.id,
		name: group.name,
		min: group.min,
		max: group.max,
		choices: group.choices.map((choice) => ({
			id: choice.id,
			name: choice.name,
			price: fromMinor(choice.priceMinor, currencyCode),
			...(choice.allergens?.length ? { allergens: choice.allergens } : {}),
			...(choice.additives?.length ? { additives: choice.additives } : {}),
			...(choice.minAge ? { minAge: choice.minAge } : {})
		}))
	}));
}
