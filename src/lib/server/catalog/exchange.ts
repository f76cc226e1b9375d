/**
 * Menu import and export as JSON and CSV, translations included both ways. JSON: an object of the
 * products in exchange form (`products`) and the names staff gave the menu's categories and the
 * platform's container categories per language (`categories`, `containers`: catalog/menu-names.ts);
 * a plain array of products (the earlier form) still reads, and leaves those names as they are.
 * CSV: one row per product, a `name_<locale>` and `description_<locale>` column per language of the
 * guest screens, the option groups as their JSON text in the `options` column (empty for none), and
 * the category's names in `category_name_<locale>` columns (repeated on each of its products; a
 * file without them leaves the category names as they are). Containers are not products — the
 * platform's deposit configuration, not the menu, says which product takes which — so they have
 * no rows, and only JSON carries their names: a CSV import leaves them as they are, and refuses a
 * column it has no place for (a `container_name_de` among them) rather than drop it unsaid.
 * A product's food facts (#lib/shared/food-facts.ts) are its `allergens`, `additives` and
 * `diets`: lists of ids in JSON, comma-separated in CSV cells; an option choice's are in its
 * JSON. JSON also carries the venue's additive list (`additives`: catalog/additives.ts); without
 * it the list stays as it is, and every additive a product names must be in the list that is in
 * force after the import. Import validates every row first and reports each problem with its
 * row; nothing is imported unless all rows are valid. A product's `minAge` (a column in CSV) and
 * an option choice's (in its JSON) is 0 for none or one of the venue's age limits in force
 * (catalog/age-limits.ts, #lib/shared/age-limits.ts).
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { m } from '#lib/paraglide/messages.js';
import { locales } from '#lib/paraglide/runtime.js';
import type { StaffNames, VenueNames } from '#lib/shared/translated.ts';
import { DEFAULT_AGE_LIMITS, type AgeLimit } from '#lib/shared/age-limits.ts';
import { additiveListSchema, DEFAULT_ADDITIVES, type Additive } from './additives.ts';
import {
	csvSyntaxProblem,
	IMPORT_PARSE,
	importProblem,
	issueProblems,
	type Place
} from './import-issues.ts';
import { unknownAges } from './age-limits.ts';
import { unknownAdditives } from './food-facts-input.ts';
import { NAME_KINDS, namesByIdSchema } from './menu-names.ts';
import { productInputSchema, toExchangeForm, type Product } from './product.ts';
import { NAME_MAX, staffNames } from './translated-name.ts';

const perLanguage = (prefix: string) => locales.map((locale) => `${prefix}_${locale}`);

const CSV_COLUMNS = [
	'id',
	'category',
	...perLanguage('name'),
	...perLanguage('description'),
	'grossPrice',
	'currencyCode',
	'vat',
	'image',
	'available',
	'position',
	'options',
	'allergens',
	'additives',
	'diets',
	'minAge',
	...perLanguage('category_name')
];

/**
 * `names`: what the file says of the venue's names, a kind it does not carry absent; `additives`:
 * the venue's additive list the file gives, absent when it gives none.
 */
export type ImportResult =
	| { ok: true; products: Product[]; names: Partial<VenueNames>; additives?: Additive[] }
	| { ok: false; problems: string[] };

const NO_NAMES: VenueNames = { categories: {}, containers: {} };

const MAX_PRODUCTS = 2_000;

function importProducts(
	rows: unknown[],
	placeOf: (index: number) => Place,
	ageLimits: readonly AgeLimit[]
): { products: Product[]; problems: string[] } {
	if (rows.length > MAX_PRODUCTS) {
		return { products: [], problems: [m.menu_import_too_many_products({ max: MAX_PRODUCTS })] };
	}
	const problems: string[] = [];
	const products: Product[] = [];
	const seen = new Set<string>();
	rows.forEach((row, index) => {
		const result = productInputSchema.safeParse(row, IMPORT_PARSE);
		if (!result.success) {
			problems.push(...issueProblems(placeOf(index), result.error.issues));
			return;
		}
		const ages = [
			result.data.minAge,
			...result.data.options.flatMap((group) => group.choices.map((choice) => choice.minAge ?? 0))
		];
		const known = ageLimits.map((limit) => limit.age).join(', ');
		for (const age of unknownAges(ages, ageLimits))
			problems.push(
				importProblem(placeOf(index), 'minAge', m.menu_import_unknown_age({ age, known }))
			);
		if (seen.has(result.data.id))
			problems.push(
				importProblem(placeOf(index), '', m.menu_import_product_repeated({ id: result.data.id }))
			);
		seen.add(result.data.id);
		products.push(result.data);
	});
	return { products, problems };
}

/** Every additive a product or choice names is one of `list` (the list in force after import). */
function checkAdditives(
	{ products, problems }: { products: Product[]; problems: string[] },
	list: readonly Additive[]
) {
	const used = products.flatMap((product) => [
		...product.facts.additives,
		...product.options.flatMap((group) => group.choices.flatMap((choice) => choice.additives ?? []))
	]);
	const known = list.map((additive) => additive.id).join(', ');
	for (const id of unknownAdditives(used, list))
		problems.push(m.menu_import_unknown_additive({ id, known }));
}

function outcome(
	read: { products: Product[]; problems: string[] },
	names: Partial<VenueNames>,
	additives: { given?: Additive[]; inForce: readonly Additive[] }
): ImportResult {
	checkAdditives(read, additives.given ?? additives.inForce);
	const { products, problems } = read;
	if (problems.length) return { ok: false, problems };
	return additives.given
		? { ok: true, products, names, additives: additives.given }
		: { ok: true, products, names };
}

/**
 * `additives`: the venue's list in force, which a file without its own keeps; `ageLimits`: the
 * venue's age limits.
 */
export function importJson(
	text: string,
	additives: readonly Additive[] = DEFAULT_ADDITIVES,
	ageLimits: readonly AgeLimit[] = DEFAULT_AGE_LIMITS
): ImportResult {
	let file: unknown;
	try {
		file = JSON.parse(text);
	} catch {
		return { ok: false, problems: [m.menu_import_not_json()] };
	}
	if (Array.isArray(file))
		return outcome(importProducts(file, productPlace, ageLimits), {}, { inForce: additives });
	if (typeof file !== 'object' || file === null || !Array.isArray(Reflect.get(file, 'products')))
		return { ok: false, problems: [m.menu_import_json_shape()] };
	const fields = file as Record<string, unknown>;
	const read = importProducts(fields.products as unknown[], productPlace, ageLimits);
	const names: Partial<VenueNames> = {};
	for (const kind of NAME_KINDS) {
		if (fields[kind] === undefined) continue;
		const given = namesByIdSchema.safeParse(fields[kind], IMPORT_PARSE);
		if (given.success) names[kind] = given.data;
		else read.problems.push(...issueProblems(null, given.error.issues, [kind]));
	}
	let given: Additive[] | undefined;
	if (fields.additives !== undefined) {
		const list = additiveListSchema.safeParse(fields.additives, IMPORT_PARSE);
		if (list.success) given = list.data;
		else read.problems.push(...issueProblems(null, list.error.issues, ['additives']));
	}
	return outcome(read, names, { given, inForce: given ? given : additives });
}

const productPlace = (index: number): Place => ({ product: index + 1 });

/** `additives`, `ageLimits`: the venue's lists in force (CSV carries neither). */
export function importCsv(
	text: string,
	additives: readonly Additive[] = DEFAULT_ADDITIVES,
	ageLimits: readonly AgeLimit[] = DEFAULT_AGE_LIMITS
): ImportResult {
	let records: Record<string, string>[];
	let header: string[] = [];
	try {
		records = parse(text, {
			columns: (names: string[]) => (header = names),
			skip_empty_lines: true,
			trim: true,
			bom: true
		});
	} catch (error) {
		return { ok: false, problems: [csvSyntaxProblem(error)] };
	}
	const unread = unreadColumns(header, records);
	if (unread.length > 0) return { ok: false, problems: unread };
	const inLanguages = (record: Record<string, string>, prefix: string) =>
		Object.fromEntries(locales.map((locale) => [locale, record[`${prefix}_${locale}`]]));
	const rows = records.map((record) => ({
		id: record.id,
		category: record.category,
		name: inLanguages(record, 'name'),
		description: inLanguages(record, 'description'),
		grossPrice: toNumber(record.grossPrice),
		currencyCode: record.currencyCode,
		vat: toNumber(record.vat),
		image: record.image || null,
		available:
			record.available === undefined || record.available === ''
				? true
				: record.available === 'true',
		position: record.position ? toNumber(record.position) : 0,
		options: record.options ? toJson(record.options) : [],
		allergens: toList(record.allergens),
		additives: toList(record.additives),
		diets: toList(record.diets),
		minAge: record.minAge
	}));
	// Row 1 is the header.
	const rowPlace = (index: number): Place => ({ row: index + 2 });
	const read = importProducts(rows, rowPlace, ageLimits);
	const carriesCategoryNames = perLanguage('category_name').some((column) =>
		records.some((record) => column in record)
	);
	if (!carriesCategoryNames) return outcome(read, {}, { inForce: additives });
	const categories: Record<string, StaffNames> = {};
	records.forEach((record, index) => {
		const names = staffNames(NAME_MAX).safeParse(
			inLanguages(record, 'category_name'),
			IMPORT_PARSE
		);
		if (!names.success) {
			for (const issue of names.error.issues)
				read.problems.push(
					...issueProblems(rowPlace(index), [
						{ ...issue, path: [`category_name_${issue.path.join('.')}`] }
					])
				);
			return;
		}
		if (Object.keys(names.data).length === 0 || !record.category) return;
		const earlier = categories[record.category];
		if (earlier && JSON.stringify(earlier) !== JSON.stringify(names.data))
			read.problems.push(
				importProblem(
					rowPlace(index),
					'',
					m.menu_import_category_named_otherwise({ category: record.category })
				)
			);
		categories[record.category] ??= names.data;
	});
	return outcome(read, { categories }, { inForce: additives });
}

/** A comma-separated cell as its ids; an empty or absent cell is none. */
function toList(cell: string | undefined): string[] {
	return (cell ?? '')
		.split(',')
		.map((id) => id.trim())
		.filter((id) => id !== '');
}

/**
 * A problem for each column of the file the menu has no place for: nothing in a file is dropped
 * unsaid (a misspelt `nmae_de`, a language the screens do not offer, container names). A column
 * without a heading and without a value, as spreadsheets leave behind, is no column.
 */
function unreadColumns(header: string[], records: Record<string, string>[]): string[] {
	const known = new Set<string>(CSV_COLUMNS);
	return header
		.filter((column) => !known.has(column))
		.filter((column) => column !== '' || records.some((record) => record[''] !== ''))
		.map((column) =>
			column.startsWith('container_name_')
				? m.menu_import_container_column({ column })
				: m.menu_import_unknown_column({ column: column || m.menu_import_no_heading() })
		);
}

/** A decimal cell as a number; anything else stays a string and fails validation. */
function toNumber(cell: string | undefined): number | string | undefined {
	return cell !== undefined && /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell;
}

/** A JSON cell as its value; text that is not JSON stays a string and fails validation. */
function toJson(cell: string): unknown {
	try {
		return JSON.parse(cell);
	} catch {
		return cell;
	}
}

export function exportJson(
	products: Product[],
	names: VenueNames = NO_NAMES,
	additives: readonly Additive[] = DEFAULT_ADDITIVES
): string {
	return JSON.stringify(
		{
			products: products.map(toExchangeForm),
			categories: names.categories,
			containers: names.containers,
			additives
		},
		null,
		'\t'
	);
}

export function exportCsv(products: Product[], names: VenueNames = NO_NAMES): string {
	const cells = (prefix: string, texts: StaffNames = {}) =>
		Object.fromEntries(locales.map((locale) => [`${prefix}_${locale}`, texts[locale] ?? '']));
	return stringify(
		products.map((product) => {
			const form = toExchangeForm(product);
			return {
				id: form.id,
				category: form.category,
				...cells('name', form.name),
				...cells('description', form.description),
				grossPrice: form.grossPrice,
				currencyCode: form.currencyCode,
				vat: form.vat,
				image: form.image ?? '',
				available: String(form.available),
				position: form.position,
				options: form.options.length > 0 ? JSON.stringify(form.options) : '',
				allergens: form.allergens.join(','),
				additives: form.additives.join(','),
				diets: form.diets.join(','),
				minAge: form.minAge || '',
				...cells('category_name', names.categories[form.category])
			};
		}),
		{ header: true, columns: CSV_COLUMNS, record_delimiter: 'windows' }
	);
}
