/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling, not loaded by n8n */
/**
 * Destination checks in real n8n (`n8n execute` of the cached 2.41.1, the packed package
 * installed): Link > Check Destination over 2,000 URLs on 20 hosts, each answering 50 ms late,
 * beside a plain script with the same limits (8 in flight, 2 a host, HEAD) in this process, and
 * beside n8n's HTTP Request node sending the same HEADs as a user would set it up (URL
 * `{{ $json.longUrl }}`, Batching 8 items a batch with no interval, Never Error, redirects
 * followed). Node times from the run data (`executionTime`, as the editor shows them).
 */
import { request } from 'node:http';

import * as n8n from '../../dev/n8n';
import { Destinations } from '../../dev/destinations/server';
import { quick, repeats } from './args';
import { chainWorkflow, executeJob, JOB, type Step } from './benchWorkflows';
import { HTTP_REQUEST_TYPE, HTTP_REQUEST_VERSION } from './httpRequestNode';
import { profiledJob, sharesTable } from './cpuProfile';
import { mark } from './table';
import { median } from './turns';

const HOSTS = 20;
const LATENCY_MS = 50;
const IN_FLIGHT = 8;
const PER_HOST = 2;
/** The HTTP Request node's Batching: 8 items, then this pause (it spaces the batches' starts; it does not wait for answers). */
const BATCH_INTERVAL_MS = 100;

function urlsStep(urls: string[]): Step {
	const jsCode = `return ${JSON.stringify(urls)}.map((longUrl) => ({ json: { longUrl } }));`;
	return {
		name: 'Links',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: { mode: 'runOnceForAllItems', language: 'javaScript', jsCode },
	};
}

/** What a user would write without the node: HEAD each URL, 8 in flight, 2 a host. */
async function plainScript(urls: string[]): Promise<number> {
	const started = performance.now();
	const perHost = new Map<string, number>();
	let inFlight = 0;
	const queue = [...urls];
	await new Promise<void>((resolve) => {
		let left = urls.length;
		const pump = () => {
			for (let i = 0; i < queue.length && inFlight < IN_FLIGHT; ) {
				const host = new URL(queue[i]).host;
				if ((perHost.get(host) ?? 0) >= PER_HOST) {
					i++;
					continue;
				}
				const [url] = queue.splice(i, 1);
				inFlight++;
				perHost.set(host, (perHost.get(host) ?? 0) + 1);
				const done = () => {
					inFlight--;
					perHost.set(host, perHost.get(host)! - 1);
					if (--left === 0) resolve();
					else pump();
				};
				request(url, { method: 'HEAD' }, (res) => {
					res.resume();
					res.on('end', done);
				})
					.on('error', done)
					.end();
			}
		};
		pump();
	});
	return performance.now() - started;
}

export async function destinationsSection(): Promise<string> {
	await n8n.ensureN8n();
	const count = quick ? 200 : 2_000;
	const hosts = await Promise.all(Array.from({ length: HOSTS }, () => Destinations.start()));
	const urls = Array.from({ length: count }, (_, i) =>
		hosts[i % HOSTS].url(`/slow/${LATENCY_MS}?${i}`),
	);
	const userFolder = n8n.makeUserFolder('link-shortener-bench-destinations-');
	try {
		n8n.installPackage(userFolder, n8n.packPackage({ stdio: 'pipe' }));
		const env = n8n.n8nEnv({
			userFolder,
			port: await n8n.getFreePort(),
			brokerPort: await n8n.getFreePort(),
		});
		const nodeJob = chainWorkflow('node-check-destination', [
			urlsStep(urls),
			{
				name: JOB,
				type: 'n8n-nodes-link-shortener.linkShortener',
				typeVersion: 1,
				parameters: { resource: 'link', operation: 'checkDestination' },
			},
		]);
		const httpJob = chainWorkflow('http-request-head', [
			urlsStep(urls),
			{
				name: JOB,
				type: HTTP_REQUEST_TYPE,
				typeVersion: HTTP_REQUEST_VERSION,
				parameters: {
					method: 'HEAD',
					url: '={{ $json.longUrl }}',
					options: {
						batching: { batch: { batchSize: IN_FLIGHT, batchInterval: BATCH_INTERVAL_MS } },
						response: { response: { neverError: true } },
						timeout: 10_000,
					},
				},
			},
		]);
		await n8n.importWorkflows(env, [nodeJob, httpJob]);
		const times = { node: [] as number[], http: [] as number[], script: [] as number[] };
		let perHostMax = 0;
		for (let turn = 0; turn < repeats(3); turn++) {
			hosts.forEach((host) => host.reset());
			const node = await executeJob(env, nodeJob.id);
			if (node.items !== count) throw new Error(`Check Destination gave ${node.items} items`);
			times.node.push(node.ms);
			perHostMax = Math.max(perHostMax, ...hosts.flatMap((host) => [...host.maxInFlight.values()]));
			times.http.push((await executeJob(env, httpJob.id)).ms);
			times.script.push(await plainScript(urls));
		}
		const [node, http, script] = [times.node, times.http, times.script].map(median);
		const profiled = await profiledJob(env, nodeJob.id, {
			from: 'batches/engine', // every operation's run is operationRun's
		});
		const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
		return [
			`Real n8n ${n8n.layout().version} (\`n8n execute\`), ${count.toLocaleString('en-US')} destinations on ${HOSTS} hosts (127.0.0.1, a port each) answering ${LATENCY_MS} ms late; node times from the run data, median of ${repeats(3)}.`,
			'',
			'| | time | ÷ plain script | |',
			'|---|---:|---:|---|',
			`| Link > Check Destination (8 in flight, 2 a host; most in flight on one host seen: ${perHostMax}) | ${s(node)} | ${(node / script).toFixed(2)}× | ${mark(node <= 1.3 * script)} |`,
			`| HTTP Request node, HEAD, Batching ${IN_FLIGHT} items every ${BATCH_INTERVAL_MS} ms, Never Error | ${s(http)} | ${(http / script).toFixed(2)}× | |`,
			`| plain script, HEAD, 8 in flight, 2 a host (this process) | ${s(script)} | 1.00× | |`,
			'',
			`CPU profile of one run of the node (\`node --cpu-prof\`, ${count} HEAD requests; ${s(profiled.ms)} under the profiler):`,
			'',
			sharesTable(profiled.shares, count),
			'',
			`Marks: ✅ the node's time at most 1.3× the plain script's (the issue's target); ❌ otherwise. The ideal with these limits is ${s((count / IN_FLIGHT) * LATENCY_MS)} (${IN_FLIGHT} answers every ${LATENCY_MS} ms). The HTTP Request node waits for a whole batch before the next and has no limit a host; it follows redirects but does not tell why a page is broken.`,
		].join('\n');
	} finally {
		await Promise.all(hosts.map((host) => host.stop()));
		n8n.removeUserFolder(userFolder);
	}
}
