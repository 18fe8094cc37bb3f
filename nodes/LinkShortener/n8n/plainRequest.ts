import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { causesOf } from './requestFailure';
import { throwIfCancelled } from './wait';

/** n8n's plain request helper (`helpers.httpRequest`): no credential goes with the request. */
export type PlainRequest = (options: IHttpRequestOptions) => Promise<unknown>;

/** n8n's plain `httpRequest` of a run's or a poll's context (Check Destination, Destination Broken), called on its helpers. */
export function plainRequestOf(context: {
	helpers: { httpRequest(options: IHttpRequestOptions): Promise<unknown> };
}): PlainRequest {
	return async (options) => await context.helpers.httpRequest(options);
}

/** A server's answer, its body unread. */
export interface AnswerHeaders {
	statusCode: number;
	headers?: IDataObject;
}

/**
 * One request through n8n's plain `httpRequest` (axios: through OutboundHttp in 2.41.1,
 * directly in 1.123.81) that reads an answer's status and headers only: any status is an
 * answer, a redirect is not followed, `timeoutMs` bounds it. A GET asks for its body as a
 * stream (`encoding`, axios' response type) and aborts it by its `abortSignal` (axios' signal)
 * once the headers are in: the connection closes, the body is never read. A HEAD answer has no
 * body: its connection goes back to n8n's pool. n8n gives this helper no cancel signal of its
 * own: `signal` (the execution's) aborts the request, and none starts once it is aborted.
 */
export async function answerHeaders(
	send: PlainRequest,
	request: {
		method: 'HEAD' | 'GET';
		url: string;
		headers: IDataObject;
		timeoutMs: number;
		signal?: AbortSignal;
	},
): Promise<AnswerHeaders> {
	const { method, url, headers, timeoutMs, signal } = request;
	throwIfCancelled(signal);
	const abort = method === 'GET' || signal ? new AbortController() : undefined;
	const cancel = () => abort?.abort();
	signal?.addEventListener('abort', cancel, { once: true });
	try {
		const response = (await send({
			method,
			url,
			headers,
			disableFollowRedirect: true,
			ignoreHttpStatusErrors: true,
			returnFullResponse: true,
			timeout: timeoutMs,
			...(method === 'GET' && { encoding: 'stream' as const }),
			...(abort && { abortSignal: abort.signal }),
		})) as AnswerHeaders;
		if (method === 'GET') abort?.abort();
		return { statusCode: response.statusCode, headers: response.headers };
	} finally {
		signal?.removeEventListener('abort', cancel);
	}
}

/**
 * Why a request through `httpRequest` brought no answer. n8n hands on axios' error as thrown
 * (no NodeApiError around it, unlike `httpRequestWithAuthentication`): its code and message
 * (`ECONNABORTED` and "timeout of … exceeded" for the timeout) and those of the socket's error
 * it was caused by (`ENOTFOUND`, a certificate's or TLS's code) tell the reason.
 */
export function noAnswerReason(error: unknown): 'timeout' | 'dns' | 'tls' | 'connection' {
	const text = causesOf(error)
		.map(({ code, message }) => `${String(code ?? '')} ${String(message ?? '')}`)
		.join(' ');
	if (/ECONNABORTED|ETIMEDOUT|timeout/i.test(text)) return 'timeout';
	if (/ENOTFOUND|EAI_AGAIN|EAI_NONAME|getaddrinfo/.test(text)) return 'dns';
	if (/CERT|SSL|TLS|EPROTO|self[- ]signed|certificate/i.test(text)) return 'tls';
	return 'connection';
}
