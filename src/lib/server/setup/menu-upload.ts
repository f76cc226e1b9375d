/** A menu file uploaded in the setup pages: JSON or CSV, at most 1 MB, all rows valid or nothing. */
import type { AgeLimit } from '#lib/shared/age-limits.ts';
import type { Additive } from '../catalog/additives.ts';
import { importCsv, importJson, type ImportResult } from '../catalog/exchange.ts';

const MAX_MENU_FILE_BYTES = 1024 * 1024;

export async function readMenuUpload(
	file: FormDataEntryValue | null,
	additives: readonly Additive[],
	ageLimits: readonly AgeLimit[]
): Promise<ImportResult | null> {
	if (!(file instanceof File) || file.size === 0 || file.size > MAX_MENU_FILE_BYTES) return null;
	const text = await file.text();
	const looksLikeJson = file.name.toLowerCase().endsWith('.json') || /^\s*[[{]/.test(text);
	return looksLikeJson
		? importJson(text, additives, ageLimits)
		: importCsv(text, additives, ageLimits);
}
