/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling, not loaded by n8n */
/**
 * Reads a V8 CPU profile (`node --cpu-prof`) of `n8n execute` and splits the node's run into
 * shares: the package's own code, n8n's request pipeline, n8n's engine, Node.js's HTTP work,
 * garbage collection and waiting (idle). The run starts at the operation's `run` and lasts the
 * node's time in the run data; without an operation named, it is the span of the samples with
 * one of the package's functions on the stack.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { N8nEnv } from '../../dev/n8n';
import { executeJob } from './benchWorkflows';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string };
	children?: number[];
}
interface Profile {
	nodes: ProfileNode[];
	startTime: number;
	samples: number[];
	timeDeltas: number[];
}

export const PACKAGE_SHARE = 'the package’s code';
export const SHARES = [
	PACKAGE_SHARE,
	'n8n’s request pipeline',
	'n8n compiling expressions',
	'n8n’s engine (parameters, credentials)',
	'Node.js HTTP and sockets',
	'garbage collection',
	'waiting for the server (idle)',
] as const;
export type Share = (typeof SHARES)[number];

const PACKAGE = 'node_modules/n8n-nodes-link-shortener/';
const REQUEST_PIPELINE =
	/node_modules\/(axios|@n8n\/backend-network|proxy-from-env|follow-redirects|form-data)\/|n8n-core\/dist\/execution-engine\/node-execution-context\/utils\/request-helper|request-helpers\//;
const EXPRESSION_COMPILE = /node_modules\/(@n8n\/tournament|recast|ast-types|esprima-next)\//;

function shareOfFrame(url: string): Share | undefined {
	if (url.includes(PACKAGE)) return PACKAGE_SHARE;
	if (REQUEST_PIPELINE.test(url)) return 'n8n’s request pipeline';
	if (EXPRESSION_COMPILE.test(url)) return 'n8n compiling expressions';
	if (url.includes('node_modules/')) return 'n8n’s engine (parameters, credentials)';
	return undefined;
}

export interface RunShares {
	/** The node's run as the profile saw it, ms. */
	runMs: number;
	ms: Record<Share, number>;
}

/**
 * Each sample goes to the innermost frame of a package on its stack (Node.js's own frames count
 * for their caller). `span`, for an operation in code: the run starts at the `run` of the
 * package's file `from` (an operation, e.g. resources/bulk/createMany) and lasts the node's time in the run data (the package's frames may show again while
 * n8n saves the run).
 */
export function runShares(file: string, span?: { from: string; runMs: number }): RunShares {
	const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parentOf = new Map<number, number>();
	for (const node of profile.nodes)
		for (const child of node.children ?? []) parentOf.set(child, node.id);
	const stackOf = (id: number) => {
		const frames: ProfileNode['callFrame'][] = [];
		for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at))
			frames.push(byId.get(at)!.callFrame);
		return frames;
	};
	const times: number[] = [];
	let clock = profile.startTime;
	for (const delta of profile.timeDeltas) times.push((clock += delta));

	const stacks = profile.samples.map(stackOf);
	// A function of the package's on the stack, not while n8n loads the package's files.
	const inTheNode = (stack: ProfileNode['callFrame'][]) =>
		stack.some((f) => f.functionName && f.url.includes(PACKAGE)) &&
		!stack.some((f) => f.url.startsWith('node:internal/modules'));
	const first = span
		? stacks.findIndex((stack) =>
				stack.some((f) => f.functionName === 'run' && f.url.includes(`${span.from}.js`)),
			)
		: stacks.findIndex(inTheNode);
	let last = -1;
	if (span && first >= 0) {
		const end = times[first] + span.runMs * 1000;
		last = times.findIndex((at) => at >= end);
		if (last < 0) last = times.length - 1;
	} else {
		stacks.forEach((stack, i) => {
			if (i > first && inTheNode(stack)) last = i;
		});
	}
	if (first < 0 || last < 0) throw new Error(`${file}: the node's run is not in the profile`);

	const ms = Object.fromEntries(SHARES.map((share) => [share, 0])) as Record<Share, number>;
	for (let i = first; i < last; i++) {
		const leaf = stacks[i][0];
		const share: Share =
			leaf.functionName === '(idle)'
				? 'waiting for the server (idle)'
				: leaf.functionName === '(garbage collector)'
					? 'garbage collection'
					: (stacks[i].map((f) => shareOfFrame(f.url)).find(Boolean) ?? 'Node.js HTTP and sockets');
		ms[share] += (times[i + 1] - times[i]) / 1000;
	}
	return { runMs: (times[last] - times[first]) / 1000, ms };
}

/** The shares as a table: ms over the run, and ms a request. */
export function sharesTable(shares: RunShares, requests: number): string {
	const row = (share: string, ms: number) =>
		`| ${share} | ${ms.toFixed(0)} ms | ${(ms / requests).toFixed(2)} ms | ${((100 * ms) / shares.runMs).toFixed(0)} % |`;
	return [
		'| Where the time goes | Over the run | A request | Share |',
		'|---|---:|---:|---:|',
		...SHARES.map((share) => row(share, shares.ms[share])),
		row('**the node’s run, profiled**', shares.runMs),
	].join('\n');
}

/**
 * One run of a bench workflow in `n8n execute` under V8's sampling profiler (1 ms), split into
 * shares; `ms` is the Job's time in the run data, slower than unprofiled runs.
 */
export async function profiledJob(
	env: N8nEnv,
	id: string,
	/** `from`: the operation's function in code, where its run starts in the profile. */
	options: { maxBuffer?: number; from?: string } = {},
): Promise<{ shares: RunShares; ms: number }> {
	const dir = mkdtempSync(join(tmpdir(), 'link-shortener-cpu-prof-'));
	try {
		const { ms } = await executeJob(env, id, {
			nodeOptions: `--cpu-prof --cpu-prof-dir=${dir}`,
			maxBuffer: options.maxBuffer,
		});
		const [file] = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
		const { from } = options;
		return { shares: runShares(join(dir, file), from ? { from, runMs: ms } : undefined), ms };
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}
