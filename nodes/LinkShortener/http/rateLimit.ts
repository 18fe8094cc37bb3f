import type { IDataObject, IN8nHttpFullResponse } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';
import { cancelSignalOf, waitUnlessCancelled } from '../n8n/wait';
import { headerOf } from './headers';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const LONGEST_BACKOFF = MINUTE;

/** The longest wait the node accepts from a server (D7): beyond it the run stops rather than sleeping for hours. */
export const LONGEST_WAIT_MS = MINUTE;

/**
 * Keeps bulk create within the account's rate limits (decision D7): after each answer it reads
 * X-RateLimit-Remaining-Second / -Minute, and before the next request it waits until a spent
 * window has passed, so that a server that sends these headers never has to answer 429.
 */
export class RateLimitPacer {
	private notBefore = 0;

	constructor(private readonly context: NodeRun) {}

	/** After an answer other than 429: hold the next request while a window is spent. */
	observe(response: IN8nHttpFullResponse, answeredAt = Date.now()): void {
		const spent = spentWindowMs(response.headers);
		if (spent) this.holdUntil(answeredAt + spent);
	}

	/** After a 429: the next attempt waits exactly this long (it replaces what the headers said). */
	holdFor(ms: number): void {
		this.notBefore = Date.now() + ms;
	}

	async waitForWindow(): Promise<void> {
		const wait = this.notBefore - Date.now();
		if (wait > 0) await waitUnlessCancelled(wait, cancelSignalOf(this.context));
	}

	private holdUntil(time: number): void {
		this.notBefore = Math.max(this.notBefore, time);
	}
}

/**
 * How long to wait before re-sending a batch refused with 429: Retry-After when sent, else the
 * window the headers say is spent, else exponential back-off from 1 s (`retry` counts from 0).
 */
export function retryDelayMs(
	response: IN8nHttpFullResponse,
	retry: number,
	now = Date.now(),
): number {
	const retryAfter = retryAfterMs(headerOf(response.headers, 'retry-after'), now);
	if (retryAfter !== undefined) return retryAfter;
	return spentWindowMs(response.headers) ?? Math.min(SECOND * 2 ** retry, LONGEST_BACKOFF);
}

function spentWindowMs(headers: IDataObject | undefined): number | undefined {
	if (remaining(headers, 'x-ratelimit-remaining-minute') === 0) return MINUTE;
	if (remaining(headers, 'x-ratelimit-remaining-second') === 0) return SECOND;
	return undefined;
}

/** Retry-After is either delay-seconds or an HTTP date. */
function retryAfterMs(value: string | undefined, now: number): number | undefined {
	if (value === undefined || value.trim() === '') return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds * SECOND);
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function remaining(headers: IDataObject | undefined, name: string): number | undefined {
	const value = headerOf(headers, name);
	if (value === undefined || value.trim() === '') return undefined;
	const number = Number(value);
	return Number.isFinite(number) ? number : undefined;
}
