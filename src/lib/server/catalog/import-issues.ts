/**
 * The menu import's problems in the staff member's language (the request's, when the file is
 * read): where (a CSV row, a JSON product, or a part of the file), which field, and what is wrong,
 * each from a message. The schemas' own refusals carry their text translated already; zod's
 * other issues are worded by `importIssueText`, the error map every import parse is given
 * (`IMPORT_PARSE`), from the issue's code and parameters.
 */
import type { z } from 'zod';
import { m } from '#lib/paraglide/messages.js';

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

/** Where a problem is: CSV's row (the header is row 1), JSON's product (from 1), else the file. */
export type Place = { row: number } | { product: number } | null;

function placeText(place: Exclude<Place, null>): string {
	return 'row' in place
		? m.menu_import_at_row({ row: place.row })
		: m.menu_import_at_product({ number: place.product });
}

/** One problem: at its place and field when it has them. */
export function importProblem(place: Place, field: string, problem: string): string {
	if (place === null) return field ? m.menu_import_problem_at({ place: field, problem }) : problem;
	return field
		? m.menu_import_problem_in_field({ place: placeText(place), field, problem })
		: m.menu_import_problem_at({ place: placeText(place), problem });
}

/** Each of a schema's issues as a problem; `within`: the path of the part the schema read. */
export function issueProblems(
	place: Place,
	issues: readonly Issue[],
	within: readonly PropertyKey[] = []
): string[] {
	return issues.map((issue) =>
		importProblem(place, [...within, ...issue.path].map(String).join('.'), issue.message)
	);
}

/** A value as a problem quotes it: JSON, shortened. */
function quoted(value: unknown): string {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

const NEEDS: Record<string, (input: { value: string }) => string> = {
	string: m.menu_import_need_text,
	number: m.menu_import_need_number,
	int: m.menu_import_need_whole_number,
	boolean: m.menu_import_need_yes_no,
	array: m.menu_import_need_list,
	object: m.menu_import_need_fields,
	record: m.menu_import_need_fields
};

/** The parse options of every schema the import reads with. */
export const IMPORT_PARSE = { error: importIssueText } as const;

/** Zod's issue in the staff member's words; a schema's own (custom) refusal keeps its text. */
function importIssueText(issue: RawIssue): string | undefined {
	const value = quoted(issue.input);
	switch (issue.code) {
		case 'custom':
			return undefined;
		case 'invalid_type': {
			if (issue.input === undefined) return m.menu_import_value_missing();
			const need = NEEDS[issue.expected];
			return need ? need({ value }) : m.menu_import_invalid_value({ value });
		}
		case 'invalid_union':
			return m.menu_import_name_or_names({ value });
		case 'too_small': {
			const min = Number(issue.minimum);
			if (issue.origin === 'string')
				return min === 1 ? m.menu_import_text_empty() : m.menu_import_text_too_short({ min });
			if (issue.origin === 'array') return m.menu_import_too_few_entries({ min });
			return m.menu_import_number_too_small({ value, min });
		}
		case 'too_big': {
			const max = Number(issue.maximum);
			if (issue.origin === 'string') return m.menu_import_text_too_long({ max });
			if (issue.origin === 'array') return m.menu_import_too_many_entries({ max });
			return m.menu_import_number_too_large({ value, max });
		}
		case 'invalid_format':
			return m.menu_import_bad_form({ value });
		default:
			return m.menu_import_invalid_value({ value });
	}
}

/**
 * What csv-parse reports of a file it cannot read: its code, how many records it read before
 * (the header not counted), the fields of the record it stopped on, the header's columns.
 */
interface CsvSyntaxError {
	code?: unknown;
	records?: unknown;
	record?: unknown;
	columns?: unknown;
}

const fieldCount = ({ record, columns }: CsvSyntaxError) =>
	Array.isArray(record) && Array.isArray(columns)
		? m.menu_import_csv_field_count({ count: record.length, columns: columns.length })
		: undefined;

/** The syntax errors a staff member can mend, by csv-parse's code. */
const CSV_SYNTAX: Record<string, (error: CsvSyntaxError) => string | undefined> = {
	CSV_QUOTE_NOT_CLOSED: () => m.menu_import_csv_quote_not_closed(),
	CSV_INVALID_CLOSING_QUOTE: () => m.menu_import_csv_text_after_quote(),
	CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: () => m.menu_import_csv_text_after_quote(),
	CSV_RECORD_INCONSISTENT_COLUMNS: fieldCount,
	CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: fieldCount
};

/**
 * A CSV file csv-parse could not read, as a problem in the row it stopped on (numbered as every
 * import problem is, the header being row 1): an unclosed quote, text after a closing quote, or
 * more or fewer fields than the header.
 * csv-parse's own (English) message is never shown; any other error is the file as a whole.
 */
export function csvSyntaxProblem(error: unknown): string {
	const found = (error ?? {}) as CsvSyntaxError;
	const problem = typeof found.code === 'string' ? CSV_SYNTAX[found.code]?.(found) : undefined;
	if (problem === undefined || typeof found.records !== 'number') return m.menu_import_not_csv();
	return importProblem({ row: found.records + 2 }, '', problem);
}
