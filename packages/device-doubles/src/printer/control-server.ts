/**
 * The printer test double's HTTP control (docs/printer.md "Controlling the double"): read and
 * change the simulated condition while the kiosk runs, list the jobs, see one as a PNG.
 *   GET /state · PUT /state {condition?, paperNearEnd?, paperLines?} · GET /jobs ·
 *   GET /jobs/<n>.png · DELETE /jobs
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { jobPreviewPng } from './job-preview.ts';
import type { PrinterSimulator } from './printer-simulator.ts';

const MAX_BODY_BYTES = 4096;

const StateChange = z
	.object({
		condition: z.enum(['ready', 'paper-out', 'cover-open', 'offline', 'silent']),
		paperNearEnd: z.boolean(),
		paperLines: z.int().min(0).nullable()
	})
	.partial()
	.strict();

export interface RunningControl {
	url: string;
	close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
	res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
	res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
	let text = '';
	for await (const chunk of req) {
		text += String(chunk);
		if (text.length > MAX_BODY_BYTES) return undefined;
	}
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

export async function startControlServer(
	printer: PrinterSimulator,
	options: { port: number; host: string }
): Promise<RunningControl> {
	const server = createServer(async (req, res) => {
		const path = req.url?.split('?')[0] ?? '/';
		const png = /^\/jobs\/(\d+)\.png$/.exec(path);
		if (path === '/state' && req.method === 'GET') return send(res, 200, printer.state);
		if (path === '/state' && req.method === 'PUT') {
			const change = StateChange.safeParse(await readJson(req));
			if (!change.success) return send(res, 400, { error: z.prettifyError(change.error) });
			printer.setState(change.data);
			return send(res, 200, printer.state);
		}
		if (path === '/jobs' && req.method === 'GET') return send(res, 200, printer.jobs);
		if (path === '/jobs' && req.method === 'DELETE') {
			printer.clearJobs();
			return send(res, 200, printer.jobs);
		}
		if (png && req.method === 'GET') {
			const job = printer.jobs[Number(png[1])];
			if (!job) return send(res, 404, { error: 'no such job' });
			res.writeHead(200, { 'content-type': 'image/png' });
			return res.end(await jobPreviewPng(job.items));
		}
		send(res, 404, { error: 'not found' });
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port, options.host, () => resolve());
	});
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://${options.host}:${port}`,
		close: () => new Promise((resolve) => server.close(() => resolve()))
	};
}
