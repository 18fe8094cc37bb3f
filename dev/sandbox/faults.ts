import { errorCodeFor, type ApiResponse } from './http';
import type { Fault, FaultRule, RateLimit } from './types';

const FAULT_KINDS: ReadonlyArray<Fault['kind']> = ['status', 'rateLimit', 'drop', 'dropAfterApply', 'delay'];

function withoutTrailingSlash(path: string): string {
	return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Throws on a rule that cannot work, so that a typo in a test fails loudly. */
export function assertFaultRule(rule: unknown): asserts rule is FaultRule {
	const candidate = rule as Partial<FaultRule> | null;
	const fault = candidate?.fault as Partial<Fault> | undefined;
	if (!fault || !FAULT_KINDS.includes(fault.kind as Fault['kind'])) {
		throw new Error(`fault.kind must be one of: ${FAULT_KINDS.join(', ')}`);
	}
	if (fault.kind === 'status' && !Number.isInteger((fault as { status?: unknown }).status)) throw new Error('a status fault needs an integer status');
	if (fault.kind === 'delay' && typeof (fault as { ms?: unknown }).ms !== 'number') throw new Error('a delay fault needs ms');
	const times = candidate?.times;
	if (times !== undefined && !(typeof times === 'number' && times >= 1)) throw new Error('times must be at least 1');
}

/** Injected faults, consumed in the order they were added. */
export class FaultQueue {
	private rules: Array<{ rule: FaultRule; remaining: number }> = [];

	add(rule: FaultRule): void {
		assertFaultRule(rule);
		this.rules.push({ rule, remaining: rule.times ?? 1 });
	}

	clear(): void {
		this.rules = [];
	}

	/** The fault for this request, if a rule matches; uses up one of the rule's times. */
	take(method: string, path: string): Fault | undefined {
		const index = this.rules.findIndex(
			({ rule }) =>
				(rule.method === undefined || rule.method.toUpperCase() === method.toUpperCase()) &&
				(rule.path === undefined || withoutTrailingSlash(rule.path) === withoutTrailingSlash(path)),
		);
		if (index < 0) return undefined;
		const entry = this.rules[index];
		entry.remaining -= 1;
		if (entry.remaining <= 0) this.rules.splice(index, 1);
		return entry.rule.fault;
	}
}

export function statusFaultResponse(fault: Extract<Fault, { kind: 'status' }>): ApiResponse {
	const body = fault.body ?? { code: errorCodeFor(fault.status), message: `Injected fault: HTTP ${fault.status}` };
	return { status: fault.status, body, headers: fault.headers };
}

export function rateLimitFaultResponse(fault: Extract<Fault, { kind: 'rateLimit' }>, limit: RateLimit | undefined): ApiResponse {
	const headers: Record<string, string> = {};
	if (fault.retryAfterSeconds !== undefined) headers['Retry-After'] = String(fault.retryAfterSeconds);
	const givesRemaining = fault.remainingSecond !== undefined || fault.remainingMinute !== undefined;
	if (givesRemaining && limit) {
		headers['X-RateLimit-Limit-Second'] = String(limit.perSecond);
		headers['X-RateLimit-Limit-Minute'] = String(limit.perMinute);
	}
	if (fault.remainingSecond !== undefined) headers['X-RateLimit-Remaining-Second'] = String(fault.remainingSecond);
	if (fault.remainingMinute !== undefined) headers['X-RateLimit-Remaining-Minute'] = String(fault.remainingMinute);
	return { status: 429, body: { code: 'RATE_LIMITED', message: 'Rate limit exceeded (injected fault)' }, headers };
}
