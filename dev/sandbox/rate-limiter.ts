import type { RateLimit } from './types';

export interface RateDecision {
	allowed: boolean;
	/** X-RateLimit-* headers; empty when unlimited. */
	headers: Record<string, string>;
	/** Seconds until the exhausted window frees a slot (set when refused). */
	retryAfterSeconds?: number;
}

const SECOND = 1000;
const MINUTE = 60_000;

/** Sliding one-second and one-minute windows over the bulk-create requests that were let through. */
export class RateLimiter {
	/** Arrival times of admitted requests within the last minute, oldest first. */
	private admitted: number[] = [];

	constructor(private limit: RateLimit | undefined) {}

	get current(): RateLimit | undefined {
		return this.limit;
	}

	/** A new limit starts with empty windows. */
	setLimit(limit: RateLimit | undefined): void {
		this.limit = limit;
		this.admitted = [];
	}

	clear(): void {
		this.admitted = [];
	}

	admit(now: number): RateDecision {
		const limit = this.limit;
		if (!limit) return { allowed: true, headers: {} };
		this.admitted = this.admitted.filter((at) => at > now - MINUTE);
		const inSecond = this.admitted.filter((at) => at > now - SECOND);
		const inMinute = this.admitted;

		const secondFull = inSecond.length >= limit.perSecond;
		const minuteFull = inMinute.length >= limit.perMinute;
		if (secondFull || minuteFull) {
			const waits = [
				secondFull ? msUntilFree(inSecond, limit.perSecond, SECOND, now) : 0,
				minuteFull ? msUntilFree(inMinute, limit.perMinute, MINUTE, now) : 0,
			];
			return {
				allowed: false,
				headers: rateHeaders(limit, inSecond.length, inMinute.length),
				retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)),
			};
		}
		const headers = rateHeaders(limit, inSecond.length + 1, inMinute.length + 1);
		this.admitted.push(now);
		return { allowed: true, headers };
	}
}

/** How long until the window holds fewer than `cap` requests. */
function msUntilFree(inWindow: number[], cap: number, windowMs: number, now: number): number {
	const mustExpire = inWindow.length - cap + 1;
	const lastToExpire = inWindow[Math.max(0, mustExpire - 1)];
	return lastToExpire + windowMs - now;
}

export function rateHeaders(
	limit: RateLimit,
	usedSecond: number,
	usedMinute: number,
): Record<string, string> {
	return {
		'X-RateLimit-Limit-Second': String(limit.perSecond),
		'X-RateLimit-Limit-Minute': String(limit.perMinute),
		'X-RateLimit-Remaining-Second': String(Math.max(0, limit.perSecond - usedSecond)),
		'X-RateLimit-Remaining-Minute': String(Math.max(0, limit.perMinute - usedMinute)),
	};
}
