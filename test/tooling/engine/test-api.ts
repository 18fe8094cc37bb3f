/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject } from 'n8n-workflow';

/** A throwaway local API on 127.0.0.1 for the engine runner's own tests. */
export interface Received {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
	body: unknown;
}

export const API_KEY = 'secret-key-123';
export const received: Received[] = [];
let server: Server;
export let baseUrl: string;

function send(
	res: import('node:http').ServerResponse,
	status: number,
	body: unknown,
	statusText?: string,
) {
	const payload = JSON.stringify(body);
	res.writeHead(status, statusText ?? '', {
		'content-type': 'application/json',
		'content-length': Buffer.byteLength(payload),
	});
	res.end(payload);
}

/** Starts the API for the test file, clears what it received before each test. */
export function useTestApi(): void {
	beforeAll(async () => {
		server = createServer((req, res) => {
			let raw = '';
			req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
			req.on('end', () => {
				const url = new URL(req.url ?? '/', 'http://127.0.0.1');
				let body: unknown = raw;
				try {
					body = raw ? JSON.parse(raw) : undefined;
				} catch {
					// keep raw
				}
				received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });

				if (req.headers['x-api-key'] !== API_KEY) {
					return send(res, 401, { message: 'Invalid API key' }, 'Invalid API key');
				}
				const path = url.pathname;
				if (path === '/me') return send(res, 200, { user: 'tester' });
				if (path.startsWith('/links/') && req.method === 'GET') {
					return send(res, 200, { id: path.slice('/links/'.length), short: 'https://sho.rt/abc' });
				}
				if (path === '/links' && req.method === 'POST') {
					return send(res, 201, { created: true, ...(body as IDataObject) });
				}
				if (path === '/fail') return send(res, 500, { message: 'Internal boom' });
				if (path === '/domains') {
					const all = ['short.io', 'sho.rt', 'link.example'];
					const q = url.searchParams.get('q') ?? '';
					return send(res, 200, { domains: all.filter((d) => d.includes(q)), next: 'page-2' });
				}
				if (path === '/tags') return send(res, 200, [{ name: 'Promo' }, { name: 'News' }]);
				if (path === '/events') {
					const after = Number(url.searchParams.get('after') ?? 0);
					const events = [1, 2, 3, 4, 5]
						.filter((id) => id > after)
						.slice(0, 2)
						.map((id) => ({ id }));
					return send(res, 200, { events });
				}
				return send(res, 404, { message: `No route ${req.method} ${path}` });
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});

	afterAll(async () => {
		await new Promise<void>((resolve) => server.close(() => resolve()));
	});

	beforeEach(() => {
		received.length = 0;
	});
}
