import { errorCodeFor, type ApiResponse } from './http';
import type { Fault, FaultRule, RateLimit } from './types';

type Check = (fault: Record<string, unknown>) => string | undefined;

const isInteger = (value: unknown) => typeof value === 'number' && Number.isInteger(value);
const optional = (value: unknown, test: (value: unknown) => boolean) =>
	value === undefined || test(value);
const isStringList = (value: unknown) =>
	Array.isArray(value) && value.every((item) => typeof item === 'string');
const isIndexList = (value: unknown) =>
	Array.isArray(value) && value.every((item) => isInteger(item) && (item as number) >= 0);
const optionalStatus: Check = (fault) =>
	optional(fault.status, isInteger) ? undefined : 'status must be an integer';
const JUNK_NAMES = ['html', 'empty', 'errorShaped'];
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];

/** Per kind: undefined when the fault can work, else why not. */
const CHECKS: Record<Fault['kind'], Check> = {
	status: (fault) =>
		isInteger(fault.status) ? undefined : 'a status fault needs an integer status',
	rateLimit: () => undefined,
	drop: () => undefined,
	dropAfterApply: () => undefined,
	delay: (fault) => (typeof fault.ms === 'number' ? undefined : 'a delay fault needs ms'),
	redirect: (fault) =>
		optional(fault.status, (status) => REDIRECT_STATUSES.includes(status as number))
			? undefined
			: `a redirect status must be one of ${REDIRECT_STATUSES.join(', ')}`,
	html: optionalStatus,
	empty: optionalStatus,
	errorShaped: optionalStatus,
	junkAfterApply: (fault) =>
		JUNK_NAMES.includes(fault.body as string) ||
		(typeof fault.body === 'object' && fault.body !== null && 'value' in fault.body)
			? optionalStatus(fault)
			: `junkAfterApply needs body: one of ${JUNK_NAMES.join(', ')}, or { value }`,
	paging: () => undefined,
	replaceElements: (fault) =>
		typeof fault.elements === 'object' &&
		fault.elements !== null &&
		Object.keys(fault.elements).every((key) => /^\d+$/.test(key))
			? undefined
			: 'replaceElements needs elements: { index: value }',
	reorder: (fault) =>
		fault.order === 'reverse' || fault.order === 'shuffle' || isIndexList(fault.order)
			? undefined
			: 'reorder needs order: "reverse", "shuffle" or an array of indexes',
	refuseElements: (fault) =>
		optional(fault.indexes, isIndexList) &&
		optional(fault.paths, isStringList) &&
		optional(fault.longUrls, isStringList)
			? undefined
			: 'refuseElements takes indexes (integers), paths and longUrls (strings)',
	analyticsShape: (fault) =>
		['items', 'bare', 'dimension'].includes(fault.shape as string)
			? undefined
			: 'analyticsShape needs shape: items, bare or dimension',
	deleteLinks: (fault) =>
		optional(fault.ids, isStringList) && optional(fault.newest, isInteger)
			? undefined
			: 'deleteLinks takes ids (strings) and newest (integer)',
};

const FAULT_KINDS = Object.keys(CHECKS) as Array<Fault['kind']>;

function withoutTrailingSlash(path: string): string {
	return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Throws on a rule that cannot work, so that a typo in a test fails loudly. */
export function assertFaultRule(rule: unknown): asserts rule is FaultRule {
	const candidate = rule as Partial<FaultRule> | null;
	const fault = candidate?.fault as Record<string, unknown> | undefined;
	if (!fault || !FAULT_KINDS.includes(fault.kind as Fault['kind'])) {
		throw new Error(`fault.kind must be one of: ${FAULT_KINDS.join(', ')}`);
	}
	const problem = CHECKS[fault.kind as Fault['kind']](fault);
	if (problem) throw new Error(problem);
	const times = candidate?.times;
	if (times !== undefined && !(typeof times === 'number' && times >= 1))
		throw new Error('times must be at least 1');
	if (candidate?.page !== undefined && !(isInteger(candidate.page) && candidate.page >= 1))
		throw new Error('page must be a positive integer');
}

/** What a rule is matched against. */
export interface FaultTarget {
	method: string;
	path: string;
	page: number;
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
	take({ method, path, page }: FaultTarget): Fault | undefined {
		const index = this.rules.findIndex(
			({ rule }) =>
				(rule.method === undefined || rule.method.toUpperCase() === method.toUpperCase()) &&
				(rule.path === undefined ||
					withoutTrailingSlash(rule.path) === withoutTrailingSlash(path)) &&
				(rule.page === undefined || rule.page === page),
		);
		if (index < 0) return undefined;
		const entry = this.rules[index];
		entry.remaining -= 1;
		if (entry.remaining <= 0) this.rules.splice(index, 1);
		return entry.rule.fault;
	}
}

export function statusFaultResponse(fault: Extract<Fault, { kind: 'status' }>): ApiResponse {
	const body = fault.body ?? {
		code: errorCodeFor(fault.status),
		message: `Injected fault: HTTP ${fault.status}`,
	};
	return { status: fault.status, body, headers: fault.headers };
}

export function rateLimitFaultResponse(
	fault: Extract<Fault, { kind: 'rateLimit' }>,
	limit: RateLimit | undefined,
): ApiResponse {
	const headers: Record<string, string> = {};
	if (fault.retryAfterSeconds !== undefined)
		headers['Retry-After'] = String(fault.retryAfterSeconds);
	const givesRemaining = fault.remainingSecond !== undefined || fault.remainingMinute !== undefined;
	if (givesRemaining && limit) {
		headers['X-RateLimit-Limit-Second'] = String(limit.perSecond);
		headers['X-RateLimit-Limit-Minute'] = String(limit.perMinute);
	}
	if (fault.remainingSecond !== undefined)
		headers['X-RateLimit-Remaining-Second'] = String(fault.remainingSecond);
	if (fault.remainingMinute !== undefined)
		headers['X-RateLimit-Remaining-Minute'] = String(fault.remainingMinute);
	return {
		status: 429,
		body: { code: 'RATE_LIMITED', message: 'Rate limit exceeded (injected fault)' },
		headers,
	};
}
