import {
	NodeApiError,
	type IDataObject,
	type IHttpRequestMethods,
	type IN8nHttpFullResponse,
	type INode,
} from 'n8n-workflow';
import { headerOf } from './headers';

/** Why a redirect was not followed, for the error the caller raises. */
export interface RedirectRefusal {
	message: string;
	description: string;
	statusCode: number;
}

export type Refuse = (refusal: RedirectRefusal) => Error;

/** The error of a node's request: a NodeApiError, shown as n8n shows API errors. */
export function refuseInNode(node: INode, itemIndex?: number): Refuse {
	return ({ message, description, statusCode }) =>
		new NodeApiError(
			node,
			{ message },
			{ message, description, httpCode: String(statusCode), itemIndex },
		);
}

/** D10: same-origin redirects are followed this many times at most. */
const MAX_REDIRECTS = 5;

/** A request with an absolute URL: what is sent again when a redirect is followed. */
export interface AbsoluteRequest {
	method: IHttpRequestMethods;
	url: string;
	body?: IDataObject | IDataObject[];
	qs?: IDataObject;
}

/** Sends one request without following redirects and hands back the answer as it came. */
export type SendOnce = (request: AbsoluteRequest) => Promise<IN8nHttpFullResponse>;

function isRedirect(statusCode: number): boolean {
	return [301, 302, 303, 307, 308].includes(statusCode);
}

/**
 * D10. n8n's request helpers follow redirects themselves and, by default, send the credential
 * along to any host; so every request of the package is sent with redirects off, and this
 * follows them: to the same origin (scheme, host and port) at most MAX_REDIRECTS times, to
 * another origin never (the API key would go there), with an error that names the host.
 */
export async function followRedirects(
	first: { request: AbsoluteRequest; response: IN8nHttpFullResponse },
	send: SendOnce,
	refuse: Refuse,
): Promise<IN8nHttpFullResponse> {
	let { request, response } = first;
	for (let hop = 1; isRedirect(response.statusCode); hop++) {
		const target = redirectTarget(request.url, response, refuse);
		if (hop > MAX_REDIRECTS) {
			throw refuse({
				message: `The API redirected more than ${MAX_REDIRECTS} times (last to ${target.href}), so the request was given up`,
				description:
					'Check the Base URL of the credential: it should be the API root, ending in /api.',
				statusCode: response.statusCode,
			});
		}
		request = redirected(request, response.statusCode, target);
		response = await send(request);
	}
	return response;
}

function redirectTarget(from: string, response: IN8nHttpFullResponse, refuse: Refuse): URL {
	const location = headerOf(response.headers, 'location');
	const origin = new URL(from).origin;
	let target: URL | undefined;
	try {
		target = location ? new URL(location, from) : undefined;
	} catch {
		target = undefined;
	}
	if (target?.origin === origin) return target;
	const where = target
		? `another host, ${target.host}`
		: `an unreadable location "${String(location ?? '')}"`;
	throw refuse({
		message: `The API answered ${response.statusCode} with a redirect to ${where}; it was not followed, so the API key was not sent there`,
		description: `Check the Base URL of the credential (now ${origin}): it should be the API root, ending in /api, on the host that serves the API.`,
		statusCode: response.statusCode,
	});
}

/** As browsers and n8n do: 303, and 301/302 after a POST, continue with a GET without body. */
function redirected(request: AbsoluteRequest, statusCode: number, target: URL): AbsoluteRequest {
	const toGet =
		statusCode === 303
			? request.method !== 'HEAD'
			: [301, 302].includes(statusCode) && request.method === 'POST';
	return toGet
		? { method: 'GET', url: target.href }
		: { method: request.method, url: target.href, body: request.body };
}
