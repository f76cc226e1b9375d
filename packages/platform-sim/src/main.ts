/**
 * `npm run sim`: the platform simulator on its own. Port from SIM_PORT (default 4010), host
 * from SIM_HOST (default 127.0.0.1); SIM_CALLBACK_URL sets the default order callback address.
 */
import { startSimulator } from './http-server.ts';

const port = Number(process.env.SIM_PORT ?? 4010);
const running = await startSimulator({
	port,
	host: process.env.SIM_HOST ?? '127.0.0.1',
	callbackUrl: process.env.SIM_CALLBACK_URL,
	onRequest: process.env.SIM_QUIET ? undefined : (line) => console.log(line)
});
console.log(`Platform simulator: ${running.url}  (base URL for the platform API)`);
console.log(`Guest phone page:   ${running.url}/_sim/`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.once(signal, () => void running.close().then(() => process.exit(0)));
}
