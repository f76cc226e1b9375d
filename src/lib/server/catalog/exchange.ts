/**
 * Menu import and export as JSON (an array of products in exchange form) and CSV (one row per
 * product, `name_en`, `name_de`, … columns; the option groups as their JSON text in the `options`
 * column, empty for none). Import validates every row first and reports each problem with its
 * row; nothing is imported unless all rows are valid.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { productInputSchema, toExchangeForm, type Product } from './product.ts';

const CSV_COLUMNS = [
	'id',
	'category',
	'name_en',
	'name_de',
	'description_en',
	'description_de',
	'grossPrice',
	'currencyCode',
	'vat',
	'image',
	'available',
	'position',
	'options'
] as const;

export type ImportResult = { ok: true; products: Product[] } | { ok: false; problems: string[] };

const MAX_PRODUCTS = 2_000;

function importProducts(rows: unknown[], rowLabel: (index: number) => string): ImportResult {
	if (rows.length > MAX_PRODUCTS) {
		return { ok: false, problems: [`at most ${MAX_PRODUCTS} products`] };
	}
	const problems: string[] = [];
	const products: Product[] = [];
	const seen = new Set<string>();
	rows.forEach((row, index) => {
		const result = productInputSchema.safeParse(row);
		if (!result.success) {
			for (const issue of result.error.issues) {
				problems.push(`${rowLabel(index)}, ${issue.path.join('.') || 'row'}: ${issue.message}`);
			}
			return;
		}
		if (seen.has(result.data.id))
			problems.push(`${rowLabel(index)}: id ${result.data.id} repeated`);
		seen.add(result.data.id);
		products.push(result.data);
	});
	return problems.length ? { ok: false, problems } : { ok: true, products };
}

export function importJson(text: string): ImportResult {
	let rows: unknown;
	try {
		rows = JSON.parse(text);
	} catch {
		return { ok: false, problems: ['the file is not valid JSON'] };
	}
	if (!Array.isArray(rows))
		return { ok: false, problems: ['the JSON must be an array of products'] };
	return importProducts(rows, (index) => `product ${index + 1}`);
}

export function importCsv(text: string): ImportResult {
	let records: Record<string, string>[];
	try {
		records = parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true });
	} catch (error) {
		return { ok: false, problems: [`the file is not valid CSV (${(error as Error).message})`] };
	}
	const rows = records.map((record) => ({
		id: record.id,
		category: record.category,
		name: { en: record.name_en, ...(record.name_de ? { de: record.name_de } : {}) },
		description: {
			...(record.description_en ? { en: record.description_en } : {}),
			...(record.description_de ? { de: record.description_de } : {})
		},
		grossPrice: toNumber(record.grossPrice),
		currencyCode: record.currencyCode,
		vat: toNumber(record.vat),
		image: record.image || null,
		available:
			record.available === undefined || record.available === ''
				? true
				: record.available === 'true',
		position: record.position ? toNumber(record.position) : 0,
		options: record.options ? toJson(record.options) : []
	}));
	// Row 1 is the header.
	return importProducts(rows, (index) => `row ${index + 2}`);
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

export function exportJson(products: Product[]): string {
	return JSON.stringify(products.map(toExchangeForm), null, '\t');
}

export function exportCsv(products: Product[]): string {
	return stringify(
		products.map((product) => {
			const form = toExchangeForm(product);
			return {
				id: form.id,
				category: form.category,
				name_en: form.name.en,
				name_de: form.name.de ?? '',
				description_en: form.description.en ?? '',
				description_de: form.description.de ?? '',
				grossPrice: form.grossPrice,
				currencyCode: form.currencyCode,
				vat: form.vat,
				image: form.image ?? '',
				available: String(form.available),
				position: form.position,
				options: form.options.length > 0 ? JSON.stringify(form.options) : ''
			};
		}),
		{ header: true, columns: [...CSV_COLUMNS], record_delimiter: 'windows' }
	);
}
