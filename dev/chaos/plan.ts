/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development tooling, not loaded by n8n */
/**
 * A seeded chaos soak: the same random fault plan for a seed, in-process and in real n8n.
 * Each seed is a sheet of rows and three runs (Create Many, Update Many by path, Sync Many by
 * path), each against a server that fails at random places: 5xx before or after the work was
 * done, dropped connections before or after, 429, slow answers, web pages with 200. A
 * fault-free Sync Many follows. `checkRun` and `checkConverged` (invariants.ts) say what must
 * hold whatever failed.
 */
import type { Fault, FaultRule } from '../sandbox/fault-types';

export const CHAOS_PATHS = {
	bulkCreate: '/v1/links/bulk',
	list: '/v1/links/list',
	bulkUpdate: '/public/links/bulk',
} as const;

/** A small, fast, seedable generator (mulberry32), so that a failing seed replays exactly. */
export function randomOf(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const pick = <T>(random: () => number, choices: readonly T[]): T =>
	choices[Math.floor(random() * choices.length)];

const WRITE_FAULTS: Fault[] = [
	{ kind: 'status', status: 503 },
	{ kind: 'status', status: 500 },
	{ kind: 'drop' },
	{ kind: 'dropAfterApply' },
	{ kind: 'rateLimit', retryAfterSeconds: 0 },
	{ kind: 'delay', ms: 30 },
	{ kind: 'html', title: 'Bad Gateway' },
	{ kind: 'html', afterApply: true, title: 'Bad Gateway' },
	{ kind: 'junkAfterApply', body: 'empty' },
];
const LIST_FAULTS: Fault[] = [
	{ kind: 'status', status: 503 },
	{ kind: 'drop' },
	{ kind: 'delay', ms: 30 },
	{ kind: 'html', title: 'Maintenance' },
];
/** A request that passes: holds a place in the sequence of one path's requests. */
const PASS: Fault = { kind: 'delay', ms: 0 };

export type ChaosRunName = 'create' | 'update' | 'sync';

export interface ChaosRun {
	name: ChaosRunName;
	/** The node's parameters (Link Shortener, autoMap). */
	parameters: Record<string, unknown>;
	rows: Array<Record<string, unknown>>;
	/** The faults, in the order the sandbox takes them (a pass holds a request's place). */
	faults: FaultRule[];
	/** n8n's node settings: Retry On Fail and On Error. */
	settings: {
		retryOnFail: true;
		maxTries: number;
		waitBetweenTries: number;
		onError: 'continueRegularOutput' | 'continueErrorOutput';
	};
}

export interface ChaosPlan {
	seed: number;
	runs: ChaosRun[];
	/** The sheet the final, fault-free Sync Many mirrors. */
	finalRows: Array<Record<string, unknown>>;
}

/** Up to `slots` requests of one path, each failing with probability `rate`; trailing passes dropped. */
function faultSequence(
	random: () => number,
	method: string,
	path: string,
	kinds: readonly Fault[],
	slots: number,
	rate: number,
): FaultRule[] {
	const sequence = Array.from({ length: slots }, () =>
		random() < rate ? pick(random, kinds) : PASS,
	);
	while (sequence.length > 0 && sequence[sequence.length - 1] === PASS) sequence.pop();
	return sequence.map((fault) => ({ method, path, fault }));
}

export function chaosPlan(seed: number): ChaosPlan {
	const random = randomOf(seed);
	const count = 10 + Math.floor(random() * 40);
	const batchSize = 3 + Math.floor(random() * 12);
	const row = (i: number, title: string) => ({
		longUrl: `https://example.com/chaos/${seed}/${i}`,
		path: `chaos-${seed}-${i}`,
		title,
	});
	const sheet = Array.from({ length: count }, (_, i) => row(i, `Row ${i}`));
	const extra = Math.floor(count / 5);
	const synced = Array.from({ length: count + extra }, (_, i) =>
		row(i, i % 3 === 0 ? `Synced ${i}` : `Row ${i}`),
	);
	const settings = (): ChaosRun['settings'] => ({
		retryOnFail: true,
		maxTries: 2 + Math.floor(random() * 2),
		waitBetweenTries: 1,
		onError: random() < 0.5 ? 'continueRegularOutput' : 'continueErrorOutput',
	});
	const faults = (...writePaths: string[]) => [
		...writePaths.flatMap((path) =>
			faultSequence(
				random,
				path === CHAOS_PATHS.bulkUpdate ? 'PATCH' : 'POST',
				path,
				WRITE_FAULTS,
				8,
				0.35,
			),
		),
		...faultSequence(random, 'POST', CHAOS_PATHS.list, LIST_FAULTS, 4, 0.3),
	];
	const options = { batchSize };
	return {
		seed,
		runs: [
			{
				name: 'create',
				parameters: { resource: 'bulk', operation: 'createMany', mappingMode: 'autoMap', options },
				rows: sheet,
				faults: faults(CHAOS_PATHS.bulkCreate),
				settings: settings(),
			},
			{
				name: 'update',
				parameters: { resource: 'bulk', operation: 'updateMany', mappingMode: 'autoMap', options },
				rows: sheet.map(({ path }, i) => ({ path, title: `Updated ${i}` })),
				faults: faults(CHAOS_PATHS.bulkUpdate),
				settings: settings(),
			},
			{
				name: 'sync',
				parameters: { resource: 'bulk', operation: 'syncMany', mappingMode: 'autoMap', options },
				rows: synced,
				faults: faults(CHAOS_PATHS.bulkCreate, CHAOS_PATHS.bulkUpdate),
				settings: settings(),
			},
		],
		finalRows: synced,
	};
}

/** The seeds of a soak: CHAOS_SEED replays one, else `count` from CHAOS_FIRST_SEED (default 1). */
export function chaosSeeds(count: number): number[] {
	const one = process.env.CHAOS_SEED;
	if (one !== undefined) return [Number(one)];
	const first = Number(process.env.CHAOS_FIRST_SEED ?? 1);
	return Array.from({ length: count }, (_, i) => first + i);
}
