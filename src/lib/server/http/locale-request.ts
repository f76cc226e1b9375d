/**
 * What the language middleware (paraglide's) is given of a request: its address and headers (the
 * locale cookie, Accept-Language), without its body. The middleware copies the request it is
 * given, for a handler that reads the copy; ours reads SvelteKit's own, so copying a body — a tee
 * of its stream on every form post and API call — would be work for nothing.
 */
export function localeRequest(request: Request): Request {
	return request.body === null ? request : new Request(request.url, { headers: request.headers });
}
