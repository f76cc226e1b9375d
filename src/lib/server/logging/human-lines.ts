/**
 * Demo mode's log lines, for a person at the console rather than a log search: the time of day,
 * the level, the message, then the other fields as `name=value`. A line that is not pino's JSON
 * is passed on as it is.
 */
const LEVEL_WIDTH = 5;

export function humanLine(line: string): string {
	let fields: Record<string, unknown>;
	try {
		fields = JSON.parse(line) as Record<string, unknown>;
	} catch {
		return line;
	}
	const { time, level, msg, ...rest } = fields;
	const clock = typeof time === 'string' ? time.slice(11, 23) : '';
	const extra = Object.entries(rest)
		.map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
		.join(' ');
	const head = `${clock} ${String(level).toUpperCase().padEnd(LEVEL_WIDTH)} ${String(msg ?? '')}`;
	return `${extra ? `${head} ${extra}` : head}\n`;
}
