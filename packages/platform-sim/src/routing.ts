/**
 * Route tables. Each platform operation is one entry: method, path (as in the spec), the
 * spec's operation id, the 401 code of its API family and the authority it needs.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Simulator } from './simulator.ts';
import type { Authority, Device } from './state.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface SimRequest {
	method: string;
	path: string;
	params: Record<string, string>;
	query: URLSearchParams;
	headers: IncomingHttpHeaders;
	/** Parsed JSON body; undefined when the request had none. */
	body: unknown;
}

export interface Reply {
	status: number;
	body?: unknown;
	/** Content type when the body is text (HTML, SVG) or bytes (a clip); JSON otherwise. */
	contentType?: string;
}

export interface PlatformContext {
	sim: Simulator;
	request: SimRequest;
	/** The authenticated, enabled device the API key belongs to. */
	device: Device;
	now: number;
}

export interface PlatformRoute {
	method: HttpMethod;
	path: string;
	operationId: string;
	/**
	 * errorCode of a 401: `UNAUTHORIZED` on deposit endpoints (spec 1, Authentication 2),
	 * `AUTHORIZATION` on credit and identity endpoints (spec 3; spec 1 identity example);
	 * counter orders show none, we use `UNAUTHORIZED` (docs/platform-assumptions.md).
	 */
	unauthorizedCode: 'UNAUTHORIZED' | 'AUTHORIZATION';
	authority?: Authority;
	handle(context: PlatformContext): Reply;
}

export interface ControlContext {
	sim: Simulator;
	request: SimRequest;
}

export interface ControlRoute {
	method: HttpMethod;
	path: string;
	handle(context: ControlContext): Reply | Promise<Reply>;
}

export interface CompiledRoute<Route> {
	route: Route;
	pattern: URLPattern;
}

export function compileRoutes<Route extends { path: string }>(
	routes: readonly Route[]
): CompiledRoute<Route>[] {
	return routes.map((route) => ({ route, pattern: new URLPattern({ pathname: route.path }) }));
}

export type RouteMatch<Route> =
	| { kind: 'found'; route: Route; params: Record<string, string> }
	| { kind: 'wrong-method'; allowed: string[] }
	| { kind: 'none' };

export function matchRoute<Route extends { method: HttpMethod }>(
	compiled: readonly CompiledRoute<Route>[],
	method: string,
	path: string
): RouteMatch<Route> {
	const allowed: string[] = [];
	for (const { route, pattern } of compiled) {
		const match = pattern.exec({ pathname: path });
		if (!match) continue;
		if (route.method !== method) {
			allowed.push(route.method);
			continue;
		}
		const params: Record<string, string> = {};
		for (const [name, value] of Object.entries(match.pathname.groups)) {
			if (value !== undefined) params[name] = decodeURIComponent(value);
		}
		return { kind: 'found', route, params };
	}
	return allowed.length ? { kind: 'wrong-method', allowed } : { kind: 'none' };
}
