/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling, not loaded by n8n */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { handleApiRequest, type ApiContext } from './api-request';
import { handleControl, isControlPath } from './control';
import { visitShortUrl } from './visits';
import { FaultQueue } from './faults';
import { flatError, parseJsonBody, readBody, writeResponse } from './http';
import { RateLimiter } from './rate-limiter';
import { SandboxState } from './state';
import type {
	ClickEvent,
	FaultRule,
	RateLimit,
	RecordedRequest,
	SandboxDomain,
	SandboxLink,
	SandboxOptions,
} from './types';

export { SEEDED, SEEDED_CLICKS } from './seed';
export type {
	ClickEvent,
	Fault,
	FaultRule,
	JunkBody,
	RateLimit,
	RecordedRequest,
	SandboxDomain,
	SandboxLink,
	SandboxOptions,
	SandboxTag,
} from './types';

export const SANDBOX_API_KEY = 'sandbox-api-key';
export const DEFAULT_RATE_LIMIT: Readonly<RateLimit> = { perSecond: 10, perMinute: 300 };
export const DEFAULT_PAGE_SIZE_CAP = 60;

function assertNonNegative(value: number, name: string): void {
	if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
		throw new Error(`${name} must be a non-negative number`);
}

function assertPageSizeCap(cap: number): void {
	if (!Number.isInteger(cap) || cap < 1)
		throw new Error('the page size cap must be a positive integer');
}

function assertRateLimit(limit: RateLimit): void {
	const valid = (value: unknown) =>
		typeof value === 'number' && Number.isInteger(value) && value >= 1;
	if (!valid(limit.perSecond) || !valid(limit.perMinute))
		throw new Error('perSecond and perMinute must be positive integers');
}

/** An in-memory HTTP server that behaves like the Link Shortening API (see README.md). */
export class Sandbox {
	readonly apiKey: string;
	/** Every API request (not control requests), in arrival order. */
	readonly requests: RecordedRequest[] = [];
	private readonly state: SandboxState;
	private readonly faults = new FaultQueue();
	private readonly limiter: RateLimiter;
	private readonly options: SandboxOptions;
	private readonly context: ApiContext;
	private readonly server: Server;
	private readonly otherOrigins: Sandbox[] = [];
	private port = 0;
	private inFlightNow = 0;
	private inFlightMax = 0;

	private constructor(options: SandboxOptions) {
		this.options = options;
		this.apiKey = options.apiKey ?? SANDBOX_API_KEY;
		if (options.pageSizeCap !== undefined) assertPageSizeCap(options.pageSizeCap);
		if (options.latencyMs !== undefined) assertNonNegative(options.latencyMs, 'latencyMs');
		const limit = options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit;
		if (limit) assertRateLimit(limit);
		this.limiter = new RateLimiter(limit ? { ...limit } : undefined);
		this.state = new SandboxState(options.seedLinks ?? 0);
		this.context = {
			apiKey: this.apiKey,
			state: this.state,
			faults: this.faults,
			limiter: this.limiter,
			pageSizeCap: options.pageSizeCap ?? DEFAULT_PAGE_SIZE_CAP,
			omitTotal: options.omitTotal ?? false,
			latencyMs: options.latencyMs ?? 0,
			clockOffsetMs: options.clockOffsetMs ?? 0,
			logBodies: options.logBodies ?? true,
			requests: this.requests,
		};
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

	/** 'http://127.0.0.1:<port>': what a redirect fault's `origin` takes. */
	get origin(): string {
		return `http://127.0.0.1:${this.port}`;
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

	/** Largest itemsPerPage served by the links list and domains. */
	get pageSizeCap(): number {
		return this.context.pageSizeCap;
	}

	/** How long every API request waits before it is handled (ms). */
	get latencyMs(): number {
		return this.context.latencyMs;
	}

	/** API requests received and not yet answered (or dropped). */
	get inFlight(): number {
		return this.inFlightNow;
	}

	/** The most API requests in flight at once since the start, reset() or clearRequests(). */
	get maxInFlight(): number {
		return this.inFlightMax;
	}

	/** The recorded requests that carried an X-API-Key header (any value): on another origin, a leaked key. */
	get requestsWithApiKey(): RecordedRequest[] {
		return this.requests.filter((request) => request.headers['x-api-key'] !== undefined);
	}

	clearRequests(): void {
		this.requests.length = 0;
		this.inFlightMax = this.inFlightNow;
	}

	setPageSizeCap(cap: number | undefined): void {
		if (cap !== undefined) assertPageSizeCap(cap);
		this.context.pageSizeCap = cap ?? DEFAULT_PAGE_SIZE_CAP;
	}

	/** The server's clock from now on: this far ahead of the real one (negative: behind). */
	setClockOffset(ms: number): void {
		this.context.clockOffsetMs = ms;
	}

	setLatency(ms: number): void {
		assertNonNegative(ms, 'latency');
		this.context.latencyMs = ms;
	}

	/**
	 * Another sandbox on another port (another origin), stopped with this one: the target of a cross-origin
	 * redirect fault, whose `requestsWithApiKey` shows whether the key arrived there.
	 */
	async startOtherOrigin(options: SandboxOptions = {}): Promise<Sandbox> {
		const other = await Sandbox.start({ apiKey: this.apiKey, ...options, port: 0 });
		this.otherOrigins.push(other);
		return other;
	}

	injectFault(rule: FaultRule): void {
		this.faults.add(rule);
	}

	/** undefined = unlimited (no X-RateLimit-* headers). Starts fresh windows. */
	setRateLimit(limit: RateLimit | undefined): void {
		if (limit) assertRateLimit(limit);
		this.limiter.setLimit(limit ? { ...limit } : undefined);
	}

	/**
	 * Back to the seeded state: links, domains, clicks, faults, request log, maxInFlight, rate-limit windows (the
	 * limit itself stays); the page size cap and latency go back to the start options.
	 */
	reset(): void {
		this.state.reset();
		this.faults.clear();
		this.clearRequests();
		this.limiter.clear();
		this.context.pageSizeCap = this.options.pageSizeCap ?? DEFAULT_PAGE_SIZE_CAP;
		this.context.latencyMs = this.options.latencyMs ?? 0;
		this.context.clockOffsetMs = this.options.clockOffsetMs ?? 0;
	}

	/** `count` clicks on a link at once, as visits would record them (at now unless given). */
	addClicks(linkId: string, count: number, fields: Partial<Omit<ClickEvent, 'linkId'>> = {}): void {
		const at = new Date(Date.now() + this.context.clockOffsetMs).toISOString();
		this.state.addClicks(linkId, count, { at, ...fields });
	}

	/** Drops every injected fault not yet used up. */
	clearFaults(): void {
		this.faults.clear();
	}

	/** Adds links at once, all with the same createdAt (now unless given); owner = the key's user unless given. */
	addLinks(
		count: number,
		fields: Partial<{ title: string; longUrl: string; createdAt: string; ownerId: string }> = {},
	): SandboxLink[] {
		return this.state.addLinks(count, fields);
	}

	/** Removes links (unknown ids are skipped); answers the removed ones. */
	deleteLinks(ids: string[]): SandboxLink[] {
		return this.state.deleteLinks(ids);
	}

	addDomains(count: number, status = 1): SandboxDomain[] {
		return this.state.addDomains(count, status);
	}

	async stop(): Promise<void> {
		await Promise.all(this.otherOrigins.splice(0).map((other) => other.stop()));
		await new Promise<void>((resolve, reject) => {
			this.server.close((error) => (error ? reject(error) : resolve()));
			this.server.closeAllConnections();
		});
	}

	private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
		try {
			const arrivedAt = Date.now();
			const url = new URL(req.url ?? '/', this.origin);
			if (isControlPath(url.pathname)) {
				const received = await readBody(req);
				const body =
					received === 'tooLarge'
						? ({ ok: false, raw: '' } as const)
						: parseJsonBody(received.text);
				writeResponse(res, handleControl(this, req.method ?? 'GET', url.pathname, body));
				return;
			}
			this.countInFlight(res);
			const received = await readBody(req);
			if (url.pathname !== '/api' && !url.pathname.startsWith('/api/')) {
				writeResponse(
					res,
					req.method === 'GET' && url.pathname !== '/'
						? visitShortUrl(this.state, req, url.pathname, Date.now() + this.context.clockOffsetMs)
						: flatError(404, `Not found: ${url.pathname} (the API is under /api)`),
				);
				return;
			}
			await handleApiRequest(this.context, req, res, url, received, arrivedAt);
		} catch (error) {
			if (!res.headersSent && !res.destroyed) {
				writeResponse(
					res,
					flatError(
						500,
						`Sandbox error: ${error instanceof Error ? error.message : String(error)}`,
					),
				);
			}
		}
	}

	/** From arrival until the answer is sent or the connection is dropped. */
	private countInFlight(res: ServerResponse): void {
		this.inFlightNow += 1;
		this.inFlightMax = Math.max(this.inFlightMax, this.inFlightNow);
		res.once('close', () => (this.inFlightNow -= 1));
	}
}
