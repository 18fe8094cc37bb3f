/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
import {
	DEFAULT_RATE_LIMIT,
	SANDBOX_API_KEY,
	SEEDED,
	Sandbox,
	type SandboxOptions,
} from '../../../dev/sandbox/server';

/** Response bodies are read loosely in these tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the sandbox's answers loosely
export type Json = any;

export interface CallOptions {
	key?: string | null;
	rawBody?: string;
	/** Another sandbox's base URL (default: the one of useSandbox). */
	baseUrl?: string;
	/** 'manual' shows a 3xx instead of following it. */
	redirect?: 'follow' | 'manual';
}

export interface Answer {
	status: number;
	headers: Headers;
	/** Parsed JSON; the text itself when it is not JSON; undefined when empty. */
	body: Json;
	text: string;
}

/** The sandbox of the current test file (see useSandbox). */
export let sandbox: Sandbox;

/** One sandbox per test file, back to the seeded state and the default rate limit before each test. */
export function useSandbox(options: SandboxOptions = {}): void {
	beforeAll(async () => {
		sandbox = await Sandbox.start(options);
	});
	afterAll(async () => {
		await sandbox.stop();
	});
	beforeEach(() => {
		sandbox.reset();
		sandbox.setRateLimit(DEFAULT_RATE_LIMIT);
	});
}

function parse(text: string): Json {
	if (text === '') return undefined;
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

export async function call(
	method: string,
	path: string,
	body?: unknown,
	options: CallOptions = {},
): Promise<Answer> {
	const headers: Record<string, string> = { 'content-type': 'application/json' };
	const key = options.key === undefined ? SANDBOX_API_KEY : options.key;
	if (key !== null) headers['x-api-key'] = key;
	const response = await fetch(`${options.baseUrl ?? sandbox.baseUrl}${path}`, {
		method,
		headers,
		body: options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
		redirect: options.redirect ?? 'follow',
	});
	const text = await response.text();
	return { status: response.status, headers: response.headers, body: parse(text), text };
}

export async function control(method: string, path: string, body?: unknown): Promise<Answer> {
	const response = await fetch(`${sandbox.controlUrl}${path}`, {
		method,
		headers: { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	return { status: response.status, headers: response.headers, body: parse(text), text };
}

export const ownCount = () =>
	[...sandbox.links.values()].filter((link) => link.ownerId === SEEDED.userId).length;
export const LINK_KEYS = [
	'id',
	'path',
	'shortUrl',
	'longUrl',
	'title',
	'domain',
	'tags',
	'totalNumberOfClick',
	'createdAt',
	'updatedAt',
	'expiredAt',
];
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Polls a condition every 5 ms, at most `tries` times; throws naming what never happened. */
export async function waitUntil(
	condition: () => boolean,
	what: string,
	tries = 1000,
): Promise<void> {
	for (let attempt = 0; attempt < tries; attempt++) {
		if (condition()) return;
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	throw new Error(`never happened: ${what}`);
}

/** A 429 RATE_LIMITED answer with this Retry-After. */
export function expectRateLimited(answer: Answer, retryAfter: string): void {
	expect(answer.status).toBe(429);
	expect(answer.body.code).toBe('RATE_LIMITED');
	expect(answer.headers.get('retry-after')).toBe(retryAfter);
}
