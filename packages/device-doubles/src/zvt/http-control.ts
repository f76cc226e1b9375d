/**
 * The HTTP control of `npm run zvt-sim` (docs/zvt.md "The test double"), for people and e2e
 * runs that cannot reach the terminal object:
 * - GET  /transactions           → the booked payments and reversals, JSON
 * - POST /next-payment {script}  → how the next payment goes (script.ts PaymentScript)
 * - POST /drop {"point": …}      → where the next payment's connection drops (DropPoint)
 */
import { createServer, type Server } from 'node:http';
import { z } from 'zod';
import { DROP_POINTS, type DropPoint } from './script.ts';
import type { SimulatedTerminal } from './terminal.ts';

const statuses = z.array(z.int().min(0).max(0xff)).max(20).optional();
const delayMs = z.int().min(0).max(120_000).optional();
const scriptSchema = z.discriminatedUnion('result', [
	z.strictObject({ result: z.literal('approve'), statuses, delayMs }),
	z.strictObject({
		result: z.literal('decline'),
		resultCode: z.int().min(1).max(0xff).optional(),
		statuses,
		delayMs
	}),
	z.strictObject({ result: z.literal('customer-abort'), statuses, delayMs }),
	z.strictObject({ result: z.literal('abort-without-result'), statuses, delayMs }),
	z.strictObject({ result: z.literal('wait-for-card') })
]);
const dropSchema = z.strictObject({
	point: z.enum(DROP_POINTS as [DropPoint, ...DropPoint[]])
});

export function startControlServer(
	terminal: SimulatedTerminal,
	port: number,
	host: string
): Server {
	const server = createServer(async (req, res) => {
		const reply = (status: number, body: unknown) => {
			res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
			res.end(JSON.stringify(body));
		};
		let text = '';
		for await (const chunk of req) text += String(chunk);
		const body = parseJson(text);
		if (req.method === 'GET' && req.url === '/transactions')
			return reply(200, terminal.transactions);
		if (req.method === 'POST' && req.url === '/next-payment') {
			const script = scriptSchema.safeParse(body);
			if (!script.success) return reply(400, { error: z.prettifyError(script.error) });
			terminal.scriptNext(script.data);
			return reply(204, null);
		}
		if (req.method === 'POST' && req.url === '/drop') {
			const drop = dropSchema.safeParse(body);
			if (!drop.success) return reply(400, { error: z.prettifyError(drop.error) });
			terminal.dropNext(drop.data.point);
			return reply(204, null);
		}
		reply(404, { error: 'GET /transactions, POST /next-payment, POST /drop' });
	});
	server.listen(port, host);
	return server;
}

function parseJson(text: string): unknown {
	try {
		return text === '' ? undefined : JSON.parse(text);
	} catch {
		return undefined;
	}
}
