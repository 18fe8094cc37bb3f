import type { Fault } from './fault-types';

export interface RateLimit {
	perSecond: number;
	perMinute: number;
}

export interface SandboxOptions {
	/** Default 0: a free port. */
	port?: number;
	/** Default SANDBOX_API_KEY. */
	apiKey?: string;
	/** Largest itemsPerPage honoured by the links list and domains (default 60, deliberately not the node's 100); larger requests get this size. */
	pageSizeCap?: number;
	/** Lists (links, domains) answer without `total` (default false). */
	omitTotal?: boolean;
	/** Bulk-create rate limit; default { perSecond: 10, perMinute: 300 }; null = unlimited. */
	rateLimit?: RateLimit | null;
	/** Default true; false records no request bodies (bodyBytes and bodyItems are still kept). */
	logBodies?: boolean;
	/** Extra links owned by the key's user, created at start (default 0). */
	seedLinks?: number;
	/** Every API request waits this long before it is handled (default 0); setLatency changes it. */
	latencyMs?: number;
	/** The server's clock runs this far ahead of the real one (negative: behind), default 0; setClockOffset changes it. */
	clockOffsetMs?: number;
}

export interface RecordedRequest {
	method: string;
	/** Relative to /api, without the query, e.g. '/v1/links/bulk'. */
	path: string;
	query: Record<string, string | string[]>;
	/** Lower-case header names. */
	headers: Record<string, string>;
	/** Parsed JSON body; the raw text when it was not JSON; undefined when empty or when logBodies is false. */
	body: unknown;
	/** HTTP status answered; 0 while pending or when no answer was sent (drop faults). */
	status: number;
	/** Arrival time, ms since the epoch. */
	at: number;
	bodyBytes?: number;
	/** Number of elements when the body is a JSON array. */
	bodyItems?: number;
	/** Server wall-clock time from the complete body to the answer (ms). */
	durationMs?: number;
	/** Process CPU time over the same span (ms): unlike durationMs, not inflated by a busy machine. */
	cpuMs?: number;
	/** The injected fault that applied to this request, if any. */
	fault?: Fault['kind'];
}

export type { Fault, FaultRule, JunkBody } from './fault-types';

export interface SandboxTag {
	name: string;
}

/** A stored link: the API's Link record plus sandbox-internal fields. */
export interface SandboxLink {
	id: string;
	path: string;
	shortUrl: string;
	longUrl: string;
	title: string;
	domain: string;
	tags: SandboxTag[];
	totalNumberOfClick: number;
	createdAt: string;
	updatedAt: string | null;
	expiredAt: string | null;
	/** Not returned by the API. */
	ownerId: string;
	/** Creation order; breaks ties between equal createdAt values. Not returned by the API. */
	sequence: number;
}

export interface SandboxDomain {
	id: string;
	domainName: string;
	isDefault: boolean;
	isPreferred: boolean;
	protocol: string;
	status: number;
	externalId: string | null;
	fallbackUrl: string | null;
	nsRecords: unknown;
	createdAt: string;
}

export interface ClickEvent {
	linkId: string;
	/** ISO timestamp of the click. */
	at: string;
	country: string;
	city: string;
	referrer: string;
	browser: string;
	os: string;
	device: string;
}
