/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- tests, not loaded by n8n */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Sandbox } from '../../../dev/sandbox/server';
import { call, control, sandbox, useSandbox, waitUntil } from './client';

useSandbox();

const REPO = join(__dirname, '..', '..', '..');

describe('latency and requests in flight', () => {
	it('counts the most requests in flight: one at a time, then all at once', async () => {
		for (let i = 0; i < 3; i++) await call('GET', '/v1/domains');
		expect(sandbox.maxInFlight).toBe(1);
		sandbox.setLatency(500);
		const answers = await Promise.all(Array.from({ length: 5 }, () => call('GET', '/v1/domains')));
		expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
		expect(sandbox.maxInFlight).toBe(5);
		expect(sandbox.inFlight).toBe(0);
		sandbox.reset();
		expect(sandbox.maxInFlight).toBe(0);
		expect(sandbox.latencyMs).toBe(0);
	});

	it('holds every request for the latency: a request sent later, without latency, is answered first', async () => {
		sandbox.setLatency(1_000);
		const finished: string[] = [];
		const slow = call('GET', '/v1/domains').then(() => finished.push('slow'));
		await waitUntil(
			() => sandbox.inFlight === 1 && sandbox.requests.length === 1,
			'the slow request arrived',
		);
		expect(sandbox.requests[0].status).toBe(0);
		sandbox.setLatency(0);
		await call('POST', '/v1/links/list', {}).then(() => finished.push('prompt'));
		await slow;
		expect(finished).toEqual(['prompt', 'slow']);
		expect(() => sandbox.setLatency(-1)).toThrow(/latency/);
	});

	it('takes the latency from the start options and the control endpoint, and reports in-flight counts there', async () => {
		const slow = await Sandbox.start({ latencyMs: 400 });
		try {
			expect(slow.latencyMs).toBe(400);
			const headers = { 'x-api-key': slow.apiKey };
			await Promise.all([1, 2, 3].map(() => fetch(`${slow.baseUrl}/v1/domains`, { headers })));
			expect(slow.maxInFlight).toBe(3);
			slow.reset();
			expect(slow.latencyMs).toBe(400);
		} finally {
			await slow.stop();
		}
		expect((await control('POST', '/latency', { ms: 250 })).status).toBe(200);
		expect(sandbox.latencyMs).toBe(250);
		await Promise.all([call('GET', '/v1/domains'), call('GET', '/v1/domains')]);
		expect((await control('GET', '/stats')).body).toEqual({
			requests: 2,
			inFlight: 0,
			maxInFlight: 2,
		});
		expect((await control('POST', '/latency', { ms: 'slow' })).status).toBe(400);
	});

	it('counts a dropped request out of flight too', async () => {
		sandbox.injectFault({ fault: { kind: 'drop' } });
		await expect(call('GET', '/v1/domains')).rejects.toThrow();
		await waitUntil(() => sandbox.inFlight === 0, 'the dropped request left the count');
		expect(sandbox.maxInFlight).toBe(1);
	});

	it('the command line takes --latency-ms and --page-size-cap', async () => {
		const child = spawn(
			process.execPath,
			[
				join(REPO, 'node_modules', '.bin', 'ts-node'),
				'--transpile-only',
				'--prefer-ts-exts',
				join(REPO, 'dev', 'sandbox', 'cli.ts'),
				'--port',
				'0',
				'--latency-ms',
				'30',
				'--page-size-cap',
				'3',
			],
			{ cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
		);
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
		const exited = new Promise((resolve) => child.once('exit', resolve));
		try {
			// The lines may come in separate chunks: wait for the last one this test reads.
			await waitUntil(
				() => /Latency:.*\n/.test(output) || child.exitCode !== null,
				'the sandbox printed its latency',
				20_000,
			);
			expect(output).toContain('Latency: 30 ms per request');
			const baseUrl = /Base URL: (\S+)/.exec(output)?.[1] ?? '';
			const answer = await fetch(`${baseUrl}/v1/domains?itemsPerPage=30`, {
				headers: { 'x-api-key': 'sandbox-api-key' },
			});
			expect(((await answer.json()) as { data: { items: unknown[] } }).data.items).toHaveLength(3);
			const stats = await fetch(`${baseUrl.replace(/\/api$/, '')}/__sandbox/stats`);
			expect(await stats.json()).toEqual({ requests: 1, inFlight: 0, maxInFlight: 1 });
		} finally {
			child.kill('SIGTERM');
			await exited;
		}
	}, 30_000);
});
