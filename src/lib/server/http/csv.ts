/**
 * CSV for staff to open in a spreadsheet: RFC 4180, Windows line ends, and no cell a spreadsheet
 * would run as a formula (a device name or a journal field starting with `=`, `+`, `-`, `@`, tab
 * or carriage return is prefixed with `'`: OWASP's CSV injection advice).
 */
import { stringify } from 'csv-stringify/sync';

function csvCell(value: unknown): string {
	const text =
		value === null || value === undefined
			? ''
			: typeof value === 'string'
				? value
				: JSON.stringify(value);
	return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A header row and the rows under it, every cell through csvCell. */
export function toCsv(columns: readonly string[], rows: readonly (readonly unknown[])[]): string {
	return stringify(
		rows.map((row) => row.map(csvCell)),
		{ header: true, columns: [...columns], record_delimiter: 'windows' }
	);
}
