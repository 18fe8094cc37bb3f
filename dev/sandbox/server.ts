import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { handleControl, isControlPath } from './control';
import { FaultQueue, rateLimitFaultResponse, statusFaultResponse } from './faults';
import {
	flatError,
	flattenHeaders,
	flattenQuery,
	parseJsonBody,
	readBody,
	UNAUTHORIZED,
	writeResponse,
	type ApiResponse,
	type ParsedBody,
} from './http';
import { RateLimiter } from './rate-limiter';
import { findRoute } from './router';
import { BULK_UPDATE_UNAUTHORIZED, bulkUpdateInvalid } from './routes/bulk-update';
import { SandboxState } from './state';
import type { FaultRule, RateLimit, RecordedRequest, SandboxDomain, SandboxLink, SandboxOptions } from './types';

export { SEEDED, SEEDED_CLICKS } from './seed';
export type {
	ClickEvent,
	Fault,
	FaultRule,
	RateLimit,
	RecordedRequest,
	SandboxDomain,
	SandboxLink,
	SandboxOptions,
	SandboxTag,
} from './types';

export const SANDBOX_API_KEY = 'sandbox-api-key';
export const DEFAULT_RATE_LIMIT: Readonly<RateLimit> = { perSecond: 10, perMinute: 300 };
export const DEFAULT_PAGE_SIZE_CAP = 100;

function assertRateLimit(limit: RateLimit): void {
	const valid = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 1;
	if (!valid(limit.perSecond) || !valid(limit.perMinute)) throw new Error('perSecond and perMinute must be positive integers');
}

/** An in-memory HTTP server that behaves like the Link Shortening API (see README.md). */
export class Sandbox {
	readonly apiKey: string;
	/** Every API request (not control requests), in arrival order. */
	readonly requests: RecordedRequest[] = [];
	private readonly state: SandboxState;
	private readonly faults = new FaultQueue();
	private readonly limiter: RateLimiter;
	private readonly pageSizeCap: number;
	private readonly logBodies: boolean;
	private readonly server: Server;
	private port = 0;

	private constructor(options: SandboxOptions) {
		this.apiKey = options.apiKey ?? SANDBOX_API_KEY;
		this.pageSizeCap = options.pageSizeCap ?? DEFAULT_PAGE_SIZE_CAP;
		this.logBodies = options.logBodies ?? true;
		const limit = options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit;
		if (limit) assertRateLimit(limit);
		this.limiter = new RateLimiter(limit ? { ...limit } : undefined);
		this.state = new SandboxState(options.seedLinks ?? 0);
		this.server = createServer((req, res) => void this.onRequest(req, res));
	}

	static async start(options: SandboxOptions = {}): Promise<Sandbox> {
		const sandbox = new Sandbox(options);
		await new Promise<void>((resolve, reject) => {
			sandbox.server.once('error', reject);
			sandbox.server.listen(options.port ?? 0, '127.0.0.1', () => {
				sandbox.server.off('error', reject);
				resolve();
			});
		});
		sandbox.port = (sandbox.server.address() as AddressInfo).port;
		return sandbox;
	}

	/** 'http://127.0.0.1:<port>/api' */
	get baseUrl(): string {
		return `http://127.0.0.1:${this.port}/api`;
	}

	/** 'http://127.0.0.1:<port>/__sandbox': the control endpoints. */
	get controlUrl(): string {
		return `http://127.0.0.1:${this.port}/__sandbox`;
	}

	/** id -> stored link (including ownerId). */
	get links(): Map<string, SandboxLink> {
		return this.state.links;
	}

	get domains(): SandboxDomain[] {
		return this.state.domains;
	}

	/** The bulk-create limit in force; undefined = unlimited. */
	get rateLimit(): RateLimit | undefined {
		return this.limiter.current;
	}

	clearRequests(): void {
		this.requests.length = 0;
	}

	injectFault(rule: FaultRule): void {
		this.faults.add(rule);
	}

	/** undefined = unlimited (no X-RateLimit-* headers). Starts fresh windows. */
	setRateLimit(limit: RateLimit | undefined): void {
		if (limit) assertRateLimit(limit);
		this.limiter.setLimit(limit ? { ...limit } : undefined);
	}

	/** Back to the seeded state: links, domains, clicks, faults, request log, rate-limit windows (the limit itself stays). */
	reset(): void {
		this.state.reset();
		this.faults.clear();
		this.clearRequests();
		this.limiter.clear();
	}

	/** Adds links at once, all with the same createdAt (now unless given); owner = the key's user unless given. */
	addLinks(count: number, fields: Partial<{ title: string; longUrl: string; createdAt: string; ownerId: string }> = {}): SandboxLink[] {
		return this.state.addLinks(count, fields);
	}

	addDomains(count: number, status = 1): SandboxDomain[] {
		return this.state.addDomains(count, status);
	}

	stop(): Promise<void> {
		return new Promise((resolve, reject) => {
			this.server.close((error) => (error ? reject(error) : resolve()));
			this.server.closeAllConnections();
		});
	}

	private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
		try {
			const arrivedAt = Date.now();
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			const received = await readBody(req);
			if (isControlPath(url.pathname)) {
				const body = received === 'tooLarge' ? ({ ok: false, raw: '' } as const) : parseJsonBody(received.text);
				writeResponse(res, handleControl(this, req.method ?? 'GET', url.pathname, body));
				return;
			}
			if (url.pathname !== '/api' && !url.pathname.startsWith('/api/')) {
				writeResponse(res, flatError(404, `Not found: ${url.pathname} (the API is under /api)`));
				return;
			}
			await this.onApiRequest(req, res, url, received, arrivedAt);
		} catch (error) {
			if (!res.headersSent && !res.destroyed) {
				writeResponse(res, flatError(500, `Sandbox error: ${error instanceof Error ? error.message : String(error)}`));
			}
		}
	}

	private async onApiRequest(
		req: IncomingMessage,
		res: ServerResponse,
		url: URL,
		received: Awaited<ReturnType<typeof readBody>>,
		arrivedAt: number,
	): Promise<void> {
		const startedAt = performance.now();
		const startedCpu = process.cpuUsage();
		const method = (req.method ?? 'GET').toUpperCase();
		const path = url.pathname.slice('/api'.length) || '/';
		const headers = flattenHeaders(req);
		const query = flattenQuery(url.searchParams);
		const parsed: ParsedBody = received === 'tooLarge' ? { ok: false, raw: '' } : parseJsonBody(received.text);
		const parsedValue = parsed.ok ? parsed.value : parsed.raw;

		const record: RecordedRequest = {
			method,
			path,
			query,
			headers,
			body: this.logBodies ? parsedValue : undefined,
			status: 0,
			at: arrivedAt,
			bodyBytes: received === 'tooLarge' ? undefined : received.bytes,
			bodyItems: Array.isArray(parsedValue) ? parsedValue.length : undefined,
		};
		this.requests.push(record);
		const measure = () => {
			const cpu = process.cpuUsage(startedCpu);
			record.durationMs = performance.now() - startedAt;
			record.cpuMs = (cpu.user + cpu.system) / 1000;
		};
		const answer = (response: ApiResponse) => {
			writeResponse(res, response);
			record.status = response.status;
			measure();
		};

		if (received === 'tooLarge') return answer(flatError(413, 'Request body too large'));

		const fault = this.faults.take(method, path);
		if (fault) record.fault = fault.kind;
		switch (fault?.kind) {
			case 'drop':
				req.socket.destroy();
				return;
			case 'status':
				return answer(statusFaultResponse(fault));
			case 'rateLimit':
				return answer(rateLimitFaultResponse(fault, this.limiter.current));
			case 'delay':
				await new Promise((resolve) => setTimeout(resolve, fault.ms));
				break;
		}

		const response = this.dispatch(method, path, query, headers, parsed);
		if (fault?.kind === 'dropAfterApply') {
			measure();
			req.socket.destroy();
			return;
		}
		answer(response);
	}

	/** Authentication, routing, rate limit, then the route's handler. */
	private dispatch(method: string, path: string, query: RecordedRequest['query'], headers: Record<string, string>, parsed: ParsedBody): ApiResponse {
		const found = findRoute(method, path);
		if (headers['x-api-key'] !== this.apiKey) return found?.route.bulkUpdateErrors ? BULK_UPDATE_UNAUTHORIZED : UNAUTHORIZED;
		if (!found) return flatError(404, `No route for ${method} ${path}`);
		const { route, params } = found;
		const now = Date.now();

		let rateHeaders: Record<string, string> = {};
		if (route.rateLimited) {
			const decision = this.limiter.admit(now);
			if (!decision.allowed) {
				return {
					status: 429,
					body: { code: 'RATE_LIMITED', message: `Rate limit exceeded, retry after ${decision.retryAfterSeconds} s` },
					headers: { ...decision.headers, 'Retry-After': String(decision.retryAfterSeconds) },
				};
			}
			rateHeaders = decision.headers;
		}

		let response: ApiResponse;
		if (!parsed.ok) {
			response = route.bulkUpdateErrors
				? bulkUpdateInvalid([{ key: 'body', message: 'Malformed JSON body' }])
				: flatError(400, 'Malformed JSON body');
		} else {
			response = route.handle({ state: this.state, body: parsed.value, query, params, now, pageSizeCap: this.pageSizeCap });
		}
		return { ...response, headers: { ...rateHeaders, ...response.headers } };
	}
}
