import { assertFaultRule } from './faults';
import type { ApiResponse, ParsedBody } from './http';
import type { Sandbox } from './server';
import type { RateLimit } from './types';
import { isPlainObject } from './validation';

const CONTROL_PREFIX = '/__sandbox';
const DONE: ApiResponse = { status: 200, body: { ok: true } };

export function isControlPath(pathname: string): boolean {
	return pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`);
}

function refuse(message: string): ApiResponse {
	return { status: 400, body: { code: 'BAD_REQUEST', message } };
}

const LINK_FIELDS = ['title', 'longUrl', 'createdAt', 'ownerId'] as const;

function readLinkFields(raw: unknown): Partial<Record<(typeof LINK_FIELDS)[number], string>> {
	const fields: Partial<Record<(typeof LINK_FIELDS)[number], string>> = {};
	if (!isPlainObject(raw)) return fields;
	for (const name of LINK_FIELDS) {
		const value = raw[name];
		if (value !== undefined && typeof value !== 'string')
			throw new Error(`fields.${name} must be a string`);
		if (value !== undefined) fields[name] = value;
	}
	return fields;
}

function numberField(body: unknown, name: string): number {
	const value = isPlainObject(body) ? body[name] : undefined;
	if (typeof value !== 'number') throw new Error(`${name} must be a number`);
	return value;
}

/** The control endpoints (no auth): thin wrappers over the Sandbox methods, for tests in another process. */
export function handleControl(
	sandbox: Sandbox,
	method: string,
	pathname: string,
	parsed: ParsedBody,
): ApiResponse {
	if (!parsed.ok) return refuse('Malformed JSON body');
	const body = parsed.value;
	const endpoint = `${method.toUpperCase()} ${pathname.slice(CONTROL_PREFIX.length)}`;
	try {
		switch (endpoint) {
			case 'GET /requests':
				return { status: 200, body: sandbox.requests };
			case 'DELETE /requests':
				sandbox.clearRequests();
				return DONE;
			case 'POST /faults':
				assertFaultRule(body);
				sandbox.injectFault(body);
				return DONE;
			case 'POST /reset':
				sandbox.reset();
				return DONE;
			case 'POST /rate-limit':
				sandbox.setRateLimit(body === null || body === undefined ? undefined : (body as RateLimit));
				return DONE;
			case 'POST /links': {
				const request = isPlainObject(body) ? body : {};
				const count = request.count ?? 1;
				if (typeof count !== 'number' || !Number.isInteger(count) || count < 0)
					return refuse('count must be a non-negative integer');
				return { status: 200, body: sandbox.addLinks(count, readLinkFields(request.fields)) };
			}
			case 'POST /latency':
				sandbox.setLatency(numberField(body, 'ms'));
				return DONE;
			case 'POST /page-size-cap':
				sandbox.setPageSizeCap(
					body === null || body === undefined ? undefined : numberField(body, 'cap'),
				);
				return DONE;
			case 'GET /stats':
				return {
					status: 200,
					body: {
						requests: sandbox.requests.length,
						inFlight: sandbox.inFlight,
						maxInFlight: sandbox.maxInFlight,
					},
				};
			case 'DELETE /links': {
				const ids = isPlainObject(body) ? body.ids : undefined;
				if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string'))
					return refuse('ids must be an array of link ids');
				return { status: 200, body: sandbox.deleteLinks(ids as string[]) };
			}
			case 'POST /domains': {
				const request = isPlainObject(body) ? body : {};
				const count = request.count ?? 1;
				const status = request.status ?? 1;
				if (typeof count !== 'number' || !Number.isInteger(count) || count < 0)
					return refuse('count must be a non-negative integer');
				if (typeof status !== 'number' || !Number.isInteger(status))
					return refuse('status must be an integer');
				return { status: 200, body: sandbox.addDomains(count, status) };
			}
			default:
				return {
					status: 404,
					body: { code: 'NOT_FOUND', message: `No control endpoint ${endpoint}` },
				};
		}
	} catch (error) {
		return refuse(error instanceof Error ? error.message : String(error));
	}
}
