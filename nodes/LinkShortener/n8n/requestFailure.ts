import { NodeApiError, NodeOperationError, type INode, type JsonObject } from 'n8n-workflow';

/**
 * A request that brought no answer (a dropped connection, a timeout), as n8n's own routing and
 * request helper report it: the failure wrapped in a NodeApiError, whose message and
 * description n8n writes from the cause; an error n8n already shows well passes through.
 */
export function requestFailure(
	node: INode,
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeApiError(node, error as JsonObject, { itemIndex });
}

/** Codes of a request that never reached the server, so it cannot have changed anything. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** A failed request's error and the errors it was caused by (`cause`), a few deep. */
export function causesOf(
	error: unknown,
): Array<{ code?: unknown; httpCode?: unknown; message?: unknown }> {
	const chain: Array<{ code?: unknown; message?: unknown; cause?: unknown }> = [];
	for (let cause = error; cause && typeof cause === 'object' && chain.length < 5; ) {
		chain.push(cause);
		cause = (cause as { cause?: unknown }).cause;
	}
	return chain;
}

/**
 * Whether a request that failed never reached the server (refused, or its host not found), as
 * against one whose answer was lost. `httpRequestWithAuthentication` wraps whatever axios throws
 * in a NodeApiError (n8n 2.41.1 through its OutboundHttp, 1.123.81 directly), which names the
 * socket's code as its `httpCode`; 2.41.1 also keeps axios' error as its `cause` (with the code,
 * and the socket's error as its own `cause`), 1.123.81 drops it (n8n-workflow 1.120.31 declares
 * `cause` as a class field, which resets it).
 */
export function neverConnected(error: unknown): boolean {
	return causesOf(error).some(({ code, httpCode }) =>
		[code, httpCode].some((value) => typeof value === 'string' && NEVER_CONNECTED.has(value)),
	);
}
