/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling, not loaded by n8n */
/**
 * Pages behind short links, for the destination checks (D19): one HTTP server on 127.0.0.1 that
 * answers by path, reached as two hosts (`127.0.0.1` and `localhost`), and records every
 * request's method, path, host and headers, and how many were in flight per host.
 *
 *   /ok            200                     /status/<code>   that status
 *   /to-other      302 → the other host's /ok   /relative   302 → ok (a relative Location)
 *   /loop/a ↔ /loop/b                      /chain/<n>       n redirects, then /ok
 *   /no-location   302 without Location    /head-405        405 on HEAD, 200 on GET
 *   /huge          200 with a 20 MB body (HEAD: 405)       /slow/<ms>       200 after <ms>
 *   /head-closed   HEAD: the connection closed; GET: 200
 *   /switch/<name> the status `setStatus(name, …)` gave (200 until then)
 *   /flaky/<name>  every other HEAD 503, then 200; a GET answers as the HEAD before it
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DestinationRequest {
	method: string;
	path: string;
	host: string;
	headers: IncomingMessage['headers'];
	at: number;
}

/** Requests in flight now and at most, counted over one server or several (`Destinations.start`). */
export interface InFlightCount {
	now: number;
	most: number;
}

export class Destinations {
	readonly requests: DestinationRequest[] = [];
	/** The most requests in flight at once, by host (`127.0.0.1:port`, `localhost:port`). */
	readonly maxInFlight = new Map<string, number>();
	/** Bytes of /huge written before the client went away. */
	hugeBytesSent = 0;
	private readonly inFlight = new Map<string, number>();
	private readonly statuses = new Map<string, number>();
	private readonly flakyDown = new Map<string, boolean>();

	private constructor(
		private readonly server: Server,
		readonly port: number,
		private readonly inAll: InFlightCount,
	) {}

	/** A server; servers given the same `inAll` count their requests in flight together. */
	static async start(inAll: InFlightCount = { now: 0, most: 0 }): Promise<Destinations> {
		const started: { destinations?: Destinations } = {};
		const server = createServer((req, res) => started.destinations?.answer(req, res));
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const { port } = server.address() as AddressInfo;
		started.destinations = new Destinations(server, port, inAll);
		return started.destinations;
	}

	/** The most requests in flight at once, over both hosts (and the servers counted with it). */
	get maxInFlightInAll(): number {
		return this.inAll.most;
	}

	/** A URL of the first host (127.0.0.1). */
	url(path: string): string {
		return `http://127.0.0.1:${this.port}${path}`;
	}

	/** The same server as a second host. */
	otherUrl(path: string): string {
		return `http://localhost:${this.port}${path}`;
	}

	/** What /switch/<name> answers from now on. */
	setStatus(name: string, status: number): void {
		this.statuses.set(name, status);
	}

	reset(): void {
		this.statuses.clear();
		this.flakyDown.clear();
		this.requests.length = 0;
		this.maxInFlight.clear();
		this.inAll.most = 0;
		this.hugeBytesSent = 0;
	}

	async stop(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	private answer(req: IncomingMessage, res: ServerResponse): void {
		const host = String(req.headers.host ?? '');
		const path = req.url ?? '/';
		this.requests.push({
			method: req.method ?? '',
			path,
			host,
			headers: req.headers,
			at: Date.now(),
		});
		const count = (this.inFlight.get(host) ?? 0) + 1;
		this.inFlight.set(host, count);
		this.maxInFlight.set(host, Math.max(this.maxInFlight.get(host) ?? 0, count));
		this.inAll.most = Math.max(this.inAll.most, ++this.inAll.now);
		res.on('close', () => {
			this.inFlight.set(host, (this.inFlight.get(host) ?? 1) - 1);
			this.inAll.now--;
		});
		this.route(req, res, path.split('?')[0]);
	}

	private route(req: IncomingMessage, res: ServerResponse, path: string): void {
		const head = req.method === 'HEAD';
		const send = (status: number, headers: Record<string, string> = {}) => {
			res.writeHead(status, { 'Content-Type': 'text/html', ...headers });
			res.end(head ? undefined : '<html><body>page</body></html>');
		};
		const other = req.headers.host?.startsWith('localhost')
			? this.url('/ok')
			: this.otherUrl('/ok');
		const [, first, second] = path.split('/');
		if (path === '/ok') return send(200);
		if (first === 'status') return send(Number(second));
		if (path === '/to-other') return send(302, { Location: other });
		if (path === '/relative') return send(302, { Location: 'ok' });
		if (first === 'loop') return send(302, { Location: second === 'a' ? '/loop/b' : '/loop/a' });
		if (first === 'chain') {
			const left = Number(second);
			return send(302, { Location: left > 1 ? `/chain/${left - 1}` : '/ok' });
		}
		if (path === '/no-location') return send(302);
		if (first === 'switch') return send(this.statuses.get(second) ?? 200);
		if (first === 'flaky') {
			if (head) this.flakyDown.set(second, !this.flakyDown.get(second));
			return send(this.flakyDown.get(second) ? 503 : 200);
		}
		if (path === '/head-405') return send(head ? 405 : 200);
		if (path === '/head-closed') {
			if (head) return void req.socket.destroy();
			return send(200);
		}
		if (path === '/huge') {
			if (head) return send(405);
			res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
			const chunk = Buffer.alloc(64 * 1024, 120);
			let sent = 0;
			const pump = () => {
				while (sent < 20 * 2 ** 20) {
					sent += chunk.length;
					this.hugeBytesSent = sent;
					if (!res.write(chunk)) return void res.once('drain', pump);
				}
				res.end();
			};
			return pump();
		}
		if (first === 'slow') {
			const timer = setTimeout(() => send(200), Number(second));
			res.on('close', () => clearTimeout(timer));
			return;
		}
		send(404);
	}
}
