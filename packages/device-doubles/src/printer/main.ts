/**
 * `npm run printer-sim`: the receipt printer test double on its own. The printer's port from
 * PRINTER_SIM_PORT (default 9100), its HTTP control's from PRINTER_SIM_CONTROL_PORT (default
 * 9101), host from PRINTER_SIM_HOST (default 127.0.0.1), the condition it starts in from
 * PRINTER_SIM_CONDITION (default ready). Each job's text is written to the console.
 */
import { startControlServer } from './control-server.ts';
import { startPrinterSimulator, type PrinterCondition } from './printer-simulator.ts';

const CONDITIONS: readonly PrinterCondition[] = [
	'ready',
	'paper-out',
	'cover-open',
	'offline',
	'silent'
];
const isCondition = (value: string): value is PrinterCondition =>
	CONDITIONS.some((known) => known === value);
const condition = process.env.PRINTER_SIM_CONDITION ?? 'ready';
if (!isCondition(condition)) {
	console.error(`PRINTER_SIM_CONDITION must be one of ${CONDITIONS.join(', ')}`);
	process.exit(1);
}

const host = process.env.PRINTER_SIM_HOST ?? '127.0.0.1';
const printer = await startPrinterSimulator({
	host,
	port: Number(process.env.PRINTER_SIM_PORT ?? 9100),
	state: { condition },
	onJob: (job) => {
		console.log(`--- job ${printer.jobs.indexOf(job)}${job.complete ? '' : ' (incomplete)'}`);
		for (const item of job.items) {
			if (item.kind === 'text') console.log(item.text);
			if (item.kind === 'qr') console.log(`[QR ${item.payload}]`);
			if (item.kind === 'cut') console.log('--- cut');
		}
	}
});
const control = await startControlServer(printer, {
	host,
	port: Number(process.env.PRINTER_SIM_CONTROL_PORT ?? 9101)
});
console.log(`Receipt printer double: ${host}:${printer.port}  (ESC/POS, raw TCP)`);
console.log(`Its control:            ${control.url}/state  (GET, PUT), ${control.url}/jobs`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.once(
		signal,
		() => void Promise.all([printer.close(), control.close()]).then(() => process.exit(0))
	);
}
