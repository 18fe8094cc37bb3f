/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling, not loaded by n8n */
import type { IncomingMessage, ServerResponse } from 'http';
import { planFault, requestPage } from './fault-plan';
import { rewriteTotal } from './fault-answers';
import type { FaultQueue } from './faults';
import {
	flatError,
	flattenHeaders,
	flattenQuery,
	parseJsonBody,
	UNAUTHORIZED,
	writeResponse,
	type ApiResponse,
	type ParsedBody,
	type ReceivedBody,
} from './http';
import type { RateLimiter } from './rate-limiter';
import { findRoute } from './router';
import { BULK_UPDATE_UNAUTHORIZED, bulkUpdateInvalid } from './routes/bulk-update';
import type { SandboxState } from './state';
import type { RecordedRequest } from './types';

/** What handling an API request needs from the sandbox, read at the time of the request. */
export interface ApiContext {
	apiKey: string;
	state: SandboxState;
	faults: FaultQueue;
	limiter: RateLimiter;
	pageSizeCap: number;
	/** Lists answer without `total`, as some servers do. */
	omitTotal: boolean;
	latencyMs: number;
	/** The server's clock minus the real one (ms): its `createdAt` and `Date` header follow it. */
	clockOffsetMs: number;
	logBodies: boolean;
	requests: RecordedRequest[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Records the request, waits the latency, applies an injected fault if one matches, then answers. */
export async function handleApiRequest(
	context: ApiContext,
	req: IncomingMessage,
	res: ServerResponse,
	url: URL,
	received: ReceivedBody | 'tooLarge',
	arrivedAt: number,
): Promise<void> {
	const startedAt = performance.now();
	const startedCpu = process.cpuUsage();
	const method = (req.method ?? 'GET').toUpperCase();
	const path = url.pathname.slice('/api'.length) || '/';
	const headers = flattenHeaders(req);
	const query = flattenQuery(url.searchParams);
	const parsed: ParsedBody =
		received === 'tooLarge' ? { ok: false, raw: '' } : parseJsonBody(received.text);
	const parsedValue = parsed.ok ? parsed.value : parsed.raw;

	const record: RecordedRequest = {
		method,
		path,
		query,
		headers,
		body: context.logBodies ? parsedValue : undefined,
		status: 0,
		at: arrivedAt,
		bodyBytes: received === 'tooLarge' ? undefined : received.bytes,
		bodyItems: Array.isArray(parsedValue) ? parsedValue.length : undefined,
	};
	context.requests.push(record);
	const measure = () => {
		const cpu = process.cpuUsage(startedCpu);
		record.durationMs = performance.now() - startedAt;
		record.cpuMs = (cpu.user + cpu.system) / 1000;
	};
	const answer = (response: ApiResponse) => {
		const date = new Date(Date.now() + context.clockOffsetMs).toUTCString();
		writeResponse(res, { ...response, headers: { Date: date, ...response.headers } });
		record.status = response.status;
		measure();
	};

	if (context.latencyMs > 0) await sleep(context.latencyMs);
	if (received === 'tooLarge') return answer(flatError(413, 'Request body too large'));

	const fault = context.faults.take({ method, path, page: requestPage(parsed, query) });
	if (fault) record.fault = fault.kind;
	const plan = fault
		? planFault(fault, {
				url,
				headers,
				parsed,
				query,
				state: context.state,
				rateLimit: context.limiter.current,
			})
		: {};
	if (plan.drop === 'before') {
		req.socket.destroy();
		return;
	}
	if (plan.answer) return answer(plan.answer);
	if (plan.delayMs !== undefined) await sleep(plan.delayMs);

	const response = dispatch(
		context,
		method,
		path,
		plan.query ?? query,
		headers,
		plan.parsed ?? parsed,
		plan.instead,
	);
	if (plan.drop === 'after') {
		measure();
		req.socket.destroy();
		return;
	}
	answer(plan.after ? plan.after(response) : response);
}

/** Authentication, routing, rate limit, then the route's handler. */
function dispatch(
	context: ApiContext,
	method: string,
	path: string,
	query: RecordedRequest['query'],
	headers: Record<string, string>,
	parsed: ParsedBody,
	instead: ApiResponse | undefined,
): ApiResponse {
	const found = findRoute(method, path);
	if (headers['x-api-key'] !== context.apiKey)
		return found?.route.bulkUpdateErrors ? BULK_UPDATE_UNAUTHORIZED : UNAUTHORIZED;
	if (!found) return flatError(404, `No route for ${method} ${path}`);
	const { route, params } = found;
	const now = Date.now() + context.clockOffsetMs;

	let rateHeaders: Record<string, string> = {};
	if (route.rateLimited) {
		const decision = context.limiter.admit(now);
		if (!decision.allowed) {
			return {
				status: 429,
				body: {
					code: 'RATE_LIMITED',
					message: `Rate limit exceeded, retry after ${decision.retryAfterSeconds} s`,
				},
				headers: { ...decision.headers, 'Retry-After': String(decision.retryAfterSeconds) },
			};
		}
		rateHeaders = decision.headers;
	}

	let response: ApiResponse;
	if (instead) {
		response = instead;
	} else if (!parsed.ok) {
		response = route.bulkUpdateErrors
			? bulkUpdateInvalid([{ key: 'body', message: 'Malformed JSON body' }])
			: flatError(400, 'Malformed JSON body');
	} else {
		response = route.handle({
			state: context.state,
			body: parsed.value,
			query,
			params,
			now,
			pageSizeCap: context.pageSizeCap,
		});
		if (context.omitTotal) response = rewriteTotal(response, { kind: 'paging', omitTotal: true });
	}
	return { ...response, headers: { ...rateHeaders, ...response.headers } };
}
