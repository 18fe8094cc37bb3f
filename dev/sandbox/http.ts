/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling, not loaded by n8n */
import type { IncomingMessage, ServerResponse } from 'http';

export interface ApiResponse {
	status: number;
	/** Serialised as JSON, except a string, which is sent verbatim. */
	body: unknown;
	headers?: Record<string, string>;
}

const CODE_BY_STATUS: Record<number, string> = {
	400: 'BAD_REQUEST',
	401: 'UNAUTHORIZED',
	403: 'FORBIDDEN',
	404: 'NOT_FOUND',
	413: 'PAYLOAD_TOO_LARGE',
	422: 'VALIDATION_ERROR',
	429: 'RATE_LIMITED',
	500: 'INTERNAL_SERVER_ERROR',
	502: 'BAD_GATEWAY',
	503: 'SERVICE_UNAVAILABLE',
	504: 'GATEWAY_TIMEOUT',
};

export function errorCodeFor(status: number): string {
	return CODE_BY_STATUS[status] ?? `HTTP_${status}`;
}

/** The success envelope; list responses carry error_code 0. */
export function success(data: unknown, errorCode: null | 0 = null): ApiResponse {
	return { status: 200, body: { data, error_code: errorCode, message: 'Request successful' } };
}

/** The flat error object of reference 7.1. */
export function flatError(
	status: number,
	message: string,
	details?: Record<string, unknown>,
): ApiResponse {
	const body: Record<string, unknown> = { code: errorCodeFor(status), message };
	if (details !== undefined) body.details = details;
	return { status, body };
}

export const UNAUTHORIZED: ApiResponse = flatError(401, 'Missing or invalid API key');

export interface ReceivedBody {
	bytes: number;
	text: string;
}

const MAX_BODY_BYTES = 100 * 1024 * 1024;

export function readBody(req: IncomingMessage): Promise<ReceivedBody | 'tooLarge'> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let bytes = 0;
		req.on('data', (chunk: Buffer) => {
			bytes += chunk.length;
			if (bytes <= MAX_BODY_BYTES) chunks.push(chunk);
		});
		req.on('end', () =>
			resolve(
				bytes > MAX_BODY_BYTES
					? 'tooLarge'
					: { bytes, text: Buffer.concat(chunks).toString('utf8') },
			),
		);
		req.on('error', reject);
	});
}

export type ParsedBody = { ok: true; value: unknown } | { ok: false; raw: string };

/** An empty body parses to undefined. */
export function parseJsonBody(text: string): ParsedBody {
	if (text.trim() === '') return { ok: true, value: undefined };
	try {
		return { ok: true, value: JSON.parse(text) as unknown };
	} catch {
		return { ok: false, raw: text };
	}
}

export function writeResponse(res: ServerResponse, response: ApiResponse): void {
	const isText = typeof response.body === 'string';
	const text = isText
		? (response.body as string)
		: response.body === undefined
			? ''
			: JSON.stringify(response.body);
	const headers: Record<string, string | number> = {
		'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
		'content-length': Buffer.byteLength(text, 'utf8'),
	};
	for (const [name, value] of Object.entries(response.headers ?? {}))
		headers[name.toLowerCase()] = value;
	res.writeHead(response.status, headers);
	res.end(text, 'utf8');
}

export function flattenQuery(params: URLSearchParams): Record<string, string | string[]> {
	const query: Record<string, string | string[]> = {};
	for (const key of new Set(params.keys())) {
		const values = params.getAll(key);
		query[key] = values.length === 1 ? values[0] : values;
	}
	return query;
}

export function flattenHeaders(req: IncomingMessage): Record<string, string> {
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(req.headers)) {
		if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
	}
	return headers;
}
