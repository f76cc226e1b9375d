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

/**
 * The same CSV as a stream for a response body: the header row, then each row as it is taken
 * from `rows`, so the whole text is never held at once.
 */
export function csvStream(
	columns: readonly string[],
	rows: Iterable<readonly unknown[]>
): ReadableStream<Uint8Array> {
	const encoder = new TextEncoder();
	const line = (cells: readonly unknown[]) =>
		encoder.encode(stringify([cells], { record_delimiter: 'windows' }));
	const remaining = rows[Symbol.iterator]();
	let headerSent = false;
	return new ReadableStream({
		pull(controller) {
			if (!headerSent) {
				headerSent = true;
				controller.enqueue(line(columns));
				return;
			}
			const next = remaining.next();
			if (next.done) controller.close();
			else controller.enqueue(line(next.value.map(csvCell)));
		}
	});
}
