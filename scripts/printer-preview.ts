/**
 * Writes docs/printer-preview.png: the sample receipt (src/lib/server/printer/testing/
 * sample-receipt.ts) sent by the network printer adapter to the printer test double, and the job
 * the double received drawn as paper. `--language en|de` (default de), `--out <file>`.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { NetworkPrinter } from '../src/lib/server/printer/network-printer.ts';
import { receiptBytes } from '../src/lib/server/printer/receipt-layout.ts';
import { sampleReceipt } from '../src/lib/server/printer/testing/sample-receipt.ts';
import { jobPreviewPng } from '@venue-kiosk/device-doubles/printer/job-preview.ts';
import { startPrinterSimulator } from '@venue-kiosk/device-doubles/printer/printer-simulator.ts';

const { values } = parseArgs({
	options: {
		language: { type: 'string', default: 'de' },
		out: { type: 'string', default: 'docs/printer-preview.png' }
	}
});
const language = values.language === 'en' ? 'en' : 'de';

const printer = await startPrinterSimulator({ port: 0 });
try {
	const outcome = await new NetworkPrinter({ host: printer.host, port: printer.port }).print(
		receiptBytes(sampleReceipt(), language)
	);
	const [job] = printer.jobs;
	if (outcome.outcome !== 'printed' || !job)
		throw new Error(`not printed: ${JSON.stringify(outcome)}`);
	writeFileSync(values.out, await jobPreviewPng(job.items));
	console.log(`${values.out}: ${job.items.length} items, ${language}`);
} finally {
	await printer.close();
}
