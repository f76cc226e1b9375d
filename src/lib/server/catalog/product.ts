/**
 * A menu product as the kiosk sells it: translated names, a gross price in minor units, a VAT
 * rate in basis points (one of the platform's supported rates), an image, availability, and its
 * option groups (sizes, extras, "no onions": catalog/options.ts).
 */
import { z } from 'zod';
import {
	decimalToScaledInteger,
	fromMinor,
	scaledIntegerToDecimal,
	toMinor
} from '@venue-kiosk/vocabulary/money.ts';
import { m } from '#lib/paraglide/messages.js';
import type { Locale } from '#lib/paraglide/runtime.js';
import type { FoodFacts } from '#lib/shared/food-facts.ts';
import type { OptionGroup } from '#lib/shared/product-options.ts';
import type { Translated } from '#lib/shared/translated.ts';
import { isSupportedVatRate } from '@venue-kiosk/vocabulary/vat.ts';
import { NO_AGE } from '#lib/shared/age-limits.ts';
import { minAge } from './age-limits.ts';
import { additiveList, allergenList, dietConflict, dietList } from './food-facts-input.ts';
import { isImageAddress } from './image-address.ts';
import { descriptions, translatedName } from './translated-name.ts';
import { optionGroupsInputSchema, optionGroupsToExchangeForm } from './options.ts';

export interface Product {
	/** The platform's productId (spec 1 deposit mapping, spec 3 discounts): 1 to 255 characters. */
	id: string;
	category: string;
	name: Translated;
	description: Partial<Record<Locale, string>>;
	grossMinor: number;
	currencyCode: string;
	vatBp: number;
	image: string | null;
	available: boolean;
	position: number;
	/** What the guest chooses with the product, in menu order; [] for none. */
	options: OptionGroup[];
	/** Its allergens, additives and diet labels (#lib/shared/food-facts.ts); its choices add theirs. */
	facts: FoodFacts;
	/** The age it is sold from (#lib/shared/age-limits.ts), 0 for none; its choices may raise it. */
	minAge: number;
}

/**
 * The exchange form (JSON import/export, CSV rows): major-unit price and the VAT rate as the
 * platform writes them. Parsing converts to the stored form.
 */
export const productInputSchema = z
	.object({
		id: z.string().trim().min(1).max(255),
		category: z.string().trim().min(1).max(100),
		name: translatedName,
		description: descriptions.default({}),
		grossPrice: z.number().min(0).max(100_000),
		currencyCode: z.string().regex(/^[A-Z]{3}$/),
		vat: z.number().refine(isSupportedVatRate, {
			error: (issue) => m.menu_import_vat_rate({ value: String(issue.input) })
		}),
		image: z
			.string()
			.max(500)
			// In the language of the staff member importing (the request's, at the time of parsing).
			.refine(isImageAddress, { error: () => m.menu_import_image_address() })
			.nullable()
			.default(null),
		available: z.boolean().default(true),
		position: z.int().min(0).max(100_000).default(0),
		options: optionGroupsInputSchema.default([]),
		allergens: allergenList.default([]),
		additives: additiveList.default([]),
		diets: dietList.default([]),
		minAge: minAge.default(NO_AGE)
	})
	.transform((input, context): Product => {
		let valid = true;
		const problem = (path: (string | number)[], message: string) => {
			valid = false;
			context.addIssue({ code: 'custom', path, message });
		};
		const minor = (amount: number, path: (string | number)[]) => {
			try {
				return toMinor(amount, input.currencyCode);
			} catch {
				problem(path, m.menu_import_decimal_places());
				return 0;
			}
		};
		// A priced choice is sold to the platform as `<productId>~<choiceId>`
		// (#lib/shared/product-options.ts), which spec 3 limits to 255 characters like every productId.
		input.options.forEach((group, groupIndex) =>
			group.choices.forEach((choice, choiceIndex) => {
				if (input.id.length + 1 + choice.id.length > 255)
					problem(
						['options', groupIndex, 'choices', choiceIndex, 'id'],
						m.menu_import_choice_id_length()
					);
			})
		);
		const conflict = dietConflict(input);
		if (conflict) problem(['diets'], m.menu_import_diet_conflict(conflict));
		const product: Product = {
			id: input.id,
			category: input.category,
			name: input.name,
			description: input.description,
			grossMinor: minor(input.grossPrice, ['grossPrice']),
			currencyCode: input.currencyCode,
			vatBp: decimalToScaledInteger(input.vat, 2),
			image: input.image,
			available: input.available,
			position: input.position,
			options: input.options.map((group, groupIndex) => ({
				...group,
				choices: group.choices.map(({ price, ...choice }, choiceIndex) => ({
					...choice,
					priceMinor: minor(price, ['options', groupIndex, 'choices', choiceIndex, 'price'])
				}))
			})),
			facts: { allergens: input.allergens, additives: input.additives, diets: input.diets },
			minAge: input.minAge
		};
		return valid ? product : z.NEVER;
	});

/** The exchange form of a product (the inverse of `productInputSchema`). */
export function toExchangeForm(product: Product) {
	return {
		id: product.id,
		category: product.category,
		name: product.name,
		description: product.description,
		grossPrice: fromMinor(product.grossMinor, product.currencyCode),
		currencyCode: product.currencyCode,
		vat: scaledIntegerToDecimal(product.vatBp, 2),
		image: product.image,
		available: product.available,
		position: product.position,
		options: optionGroupsToExchangeForm(product.options, product.currencyCode),
		allergens: product.facts.allergens,
		additives: product.facts.additives,
		diets: product.facts.diets,
		minAge: product.minAge
	};
}
