/** What a junk answer carries: a named shape, or any body (a string is sent verbatim, anything else as JSON). */
export type JunkBody = 'html' | 'empty' | 'errorShaped' | { value: unknown; contentType?: string };

export type Fault =
	/** Answer this status (default body: a flat error) without applying anything. A string body is sent verbatim. */
	| { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
	/** 429 with Retry-After / X-RateLimit-Remaining-* when given; nothing applied. */
	| {
			kind: 'rateLimit';
			retryAfterSeconds?: number;
			remainingSecond?: number;
			remainingMinute?: number;
	  }
	/** Destroy the socket before applying anything. */
	| { kind: 'drop' }
	/** Apply the request, then destroy the socket without answering (a lost response). */
	| { kind: 'dropAfterApply' }
	/** Wait, then handle normally. */
	| { kind: 'delay'; ms: number }
	/**
	 * A 3xx (default 307) with a Location, nothing applied. Location: `location` verbatim when given; else
	 * `origin` (e.g. another sandbox's `origin`) with the request's own path and query; else the request's own URL.
	 */
	| { kind: 'redirect'; status?: 301 | 302 | 303 | 307 | 308; location?: string; origin?: string }
	/** An HTML page (text/html), default status 200; `bytes` pads it to at least that size; `echoApiKey` writes the request's X-API-Key into it. */
	| {
			kind: 'html';
			status?: number;
			afterApply?: boolean;
			bytes?: number;
			echoApiKey?: boolean;
			title?: string;
	  }
	/** An empty body with content-type application/json, default status 200. */
	| { kind: 'empty'; status?: number; afterApply?: boolean }
	/** JSON shaped like an error, default status 200 and body { success: false, message }. */
	| { kind: 'errorShaped'; status?: number; afterApply?: boolean; body?: unknown }
	/** Apply the request, then answer `body` (default status 200) instead of the real answer. */
	| { kind: 'junkAfterApply'; body: JunkBody; status?: number }
	/** List endpoints: `ignorePage` serves page 1 whatever was asked; `omitTotal` drops `total`; `total` reports that number. */
	| { kind: 'paging'; ignorePage?: boolean; omitTotal?: boolean; total?: number }
	/** Apply, then answer with these elements of the answer's array (`data`, else `data.items`) replaced: index -> value. */
	| { kind: 'replaceElements'; elements: Record<string, unknown> }
	/** Apply, then answer the array (`data`, else `data.items`) reordered: reversed, shuffled (seeded), or by the given indexes. */
	| { kind: 'reorder'; order: 'reverse' | 'shuffle' | number[]; seed?: number }
	/**
	 * Bulk create: 422, nothing created, when an element sits at one of `indexes` (positions in this request) or has
	 * a `path` / `longUrl` in the given lists; otherwise the request is handled normally. `details` name the refused
	 * element indexes unless `withIndexes` is false.
	 */
	| {
			kind: 'refuseElements';
			indexes?: number[];
			paths?: string[];
			longUrls?: string[];
			withIndexes?: boolean;
	  }
	/**
	 * Analytics in another server's shape: `items` ({ data: { items: [{ key, count }] } }),
	 * `bare` (a bare array of { name, total }), `dimension` ({ data: [{ <group_by>: value, hits }] }).
	 */
	| { kind: 'analyticsShape'; shape: 'items' | 'bare' | 'dimension' }
	/** Delete links (by `ids`, and/or the `newest` N of the key's company), then handle normally: records vanishing mid-paging. */
	| { kind: 'deleteLinks'; ids?: string[]; newest?: number };

export interface FaultRule {
	/** Matches any method when absent (case-insensitive). */
	method?: string;
	/** Path relative to /api; matches any path when absent; a trailing '/' is ignored. */
	path?: string;
	/** Matches only requests asking for this page (`page` of the JSON body, else of the query; 1 when absent). */
	page?: number;
	/** How many matching requests this rule hits (default 1; Infinity in-process, or a large number, for a lasting rule). */
	times?: number;
	fault: Fault;
}
