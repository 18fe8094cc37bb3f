import {
	analyticsInShape,
	htmlPage,
	junkResponse,
	redirectResponse,
	refuseElementsResponse,
	reorderAnswer,
	replaceElements,
	rewriteTotal,
} from './fault-answers';
import { rateLimitFaultResponse, statusFaultResponse } from './faults';
import type { ApiResponse, ParsedBody } from './http';
import type { SandboxState } from './state';
import type { Fault, RateLimit } from './types';
import { isPlainObject, readPositiveInteger } from './validation';

export interface FaultRequest {
	url: URL;
	headers: Record<string, string>;
	parsed: ParsedBody;
	query: Record<string, string | string[]>;
	state: SandboxState;
	rateLimit: RateLimit | undefined;
}

/** How a request is handled under a fault; an empty plan handles it normally. */
export interface FaultPlan {
	/** Destroy the socket without answering, before or after applying the request. */
	drop?: 'before' | 'after';
	/** Answer this without applying anything. */
	answer?: ApiResponse;
	/** Answer this in place of the route's work, after authentication and the rate limit (nothing applied). */
	instead?: ApiResponse;
	delayMs?: number;
	/** The request as it is then handled (a paging fault rewrites the page asked for). */
	parsed?: ParsedBody;
	query?: Record<string, string | string[]>;
	/** Replaces the real answer once the request was applied. */
	after?: (response: ApiResponse) => ApiResponse;
}

/** The page a request asks for: `page` of a JSON object body, else of the query; 1 when absent or unreadable. */
export function requestPage(parsed: ParsedBody, query: Record<string, string | string[]>): number {
	const fromBody = parsed.ok && isPlainObject(parsed.value) ? parsed.value.page : undefined;
	const fromQuery = Array.isArray(query.page) ? query.page[0] : query.page;
	return readPositiveInteger(fromBody ?? fromQuery) ?? 1;
}

/** Before or after applying: the same junk answer. */
function junk(afterApply: boolean | undefined, response: ApiResponse): FaultPlan {
	return afterApply ? { after: () => response } : { answer: response };
}

function firstPageOnly(request: FaultRequest): Pick<FaultPlan, 'parsed' | 'query'> {
	const { parsed, query } = request;
	const body =
		parsed.ok && isPlainObject(parsed.value) && parsed.value.page !== undefined
			? { ...parsed.value, page: 1 }
			: undefined;
	return {
		parsed: body ? { ok: true, value: body } : parsed,
		query: query.page === undefined ? query : { ...query, page: '1' },
	};
}

export function planFault(fault: Fault, request: FaultRequest): FaultPlan {
	switch (fault.kind) {
		case 'status':
			return { answer: statusFaultResponse(fault) };
		case 'rateLimit':
			return { answer: rateLimitFaultResponse(fault, request.rateLimit) };
		case 'drop':
			return { drop: 'before' };
		case 'dropAfterApply':
			return { drop: 'after' };
		case 'delay':
			return { delayMs: fault.ms };
		case 'redirect':
			return { answer: redirectResponse(fault, request.url) };
		case 'html': {
			const apiKey = fault.echoApiKey ? (request.headers['x-api-key'] ?? '') : undefined;
			return junk(
				fault.afterApply,
				htmlPage(fault.status ?? 200, { bytes: fault.bytes, apiKey, title: fault.title }),
			);
		}
		case 'empty':
			return junk(fault.afterApply, junkResponse('empty', fault.status));
		case 'errorShaped':
			return junk(
				fault.afterApply,
				fault.body === undefined
					? junkResponse('errorShaped', fault.status)
					: { status: fault.status ?? 200, body: fault.body },
			);
		case 'junkAfterApply':
			return junk(true, junkResponse(fault.body, fault.status));
		case 'paging':
			return {
				...(fault.ignorePage ? firstPageOnly(request) : {}),
				after: (response) => rewriteTotal(response, fault),
			};
		case 'replaceElements':
			return { after: (response) => replaceElements(response, fault) };
		case 'reorder':
			return { after: (response) => reorderAnswer(response, fault) };
		case 'refuseElements': {
			const refusal = refuseElementsResponse(
				fault,
				request.parsed.ok ? request.parsed.value : undefined,
			);
			return refusal ? { instead: refusal } : {};
		}
		case 'analyticsShape':
			return { after: (response) => analyticsInShape(response, fault.shape) };
		case 'deleteLinks':
			request.state.deleteLinks([
				...(fault.ids ?? []),
				...request.state.newestVisibleIds(fault.newest ?? 0),
			]);
			return {};
	}
}
