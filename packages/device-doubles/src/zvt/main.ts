/**
 * `npm run zvt-sim`: the simulated ZVT terminal on its own. Terminal port from ZVT_SIM_PORT
 * (default 20007, ZVT's usual port), HTTP control (http-control.ts) on ZVT_SIM_CONTROL_PORT
 * (default 20008), host from ZVT_SIM_HOST (default 127.0.0.1), password from
 * ZVT_SIM_PASSWORD (default 000000).
 */
import { startControlServer } from './http-control.ts';
import { startZvtSimulator } from './server.ts';

const host = process.env.ZVT_SIM_HOST ?? '127.0.0.1';
const running = await startZvtSimulator({
	host,
	port: Number(process.env.ZVT_SIM_PORT ?? 20007),
	password: process.env.ZVT_SIM_PASSWORD ?? '000000'
});
const controlPort = Number(process.env.ZVT_SIM_CONTROL_PORT ?? 20008);
const control = startControlServer(running.terminal, controlPort, host);
console.log(`ZVT terminal simulator: ${host}:${running.port}`);
console.log(`Control:                http://${host}:${controlPort}/transactions`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.once(signal, () => {
		control.close();
		void running.close().then(() => process.exit(0));
	});
}
