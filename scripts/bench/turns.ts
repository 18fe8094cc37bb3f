/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development tooling, not loaded by n8n */
/** Measuring jobs that are compared with each other, in turns, each in a warmed-up child process of its own. */
import { WorkerProcess } from './child';
import type { Job, JobResult } from './jobs';

/** What the server saw of one measured run. */
export interface ServerStats {
	requests: number;
	/** The most requests in flight at once, when counted. */
	maxInFlight?: number;
	/** The server's median CPU time per request, when known. */
	cpuMsPerRequest?: number;
}

export interface Measured extends ServerStats {
	result: JobResult;
}

/** What the parent does around the measured runs: the sandbox lives in the parent process. */
export interface TurnHooks {
	/** Before each measured run of each job (e.g. reset the sandbox, clear its request log). */
	beforeRun(): void;
	/** What the server saw since beforeRun. */
	server(): ServerStats;
	/** One line per job on stderr, while the bench runs. */
	label: string;
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function describe(job: Job): string {
	return [job.runner, job.mode, job.concurrency ? `×${job.concurrency}` : undefined]
		.filter(Boolean)
		.join(' ');
}

/** Child processes for jobs, warmed up (each runs a small job of its kind) and ready to be measured. */
export async function startWorkers(
	jobs: Job[],
): Promise<{ workers: WorkerProcess[]; startRssMb: number[] }> {
	const workers = jobs.map(() => new WorkerProcess());
	workers.forEach((worker, j) => worker.send(jobs[j]));
	const ready = await Promise.all(workers.map((worker) => worker.next()));
	return {
		workers,
		startRssMb: ready.map((message) => (message.type === 'ready' ? message.rssMb : NaN)),
	};
}

export async function stopWorkers(workers: WorkerProcess[]): Promise<void> {
	await Promise.all(workers.map((worker) => worker.finish()));
}

/**
 * Run 1 of each job, run 2 of each job..., so that a busy moment on the machine does not fall
 * on one of them only. Wall time: the median; peak RSS: the highest of the runs.
 */
export async function measureInTurns(
	jobs: Job[],
	started: { workers: WorkerProcess[]; startRssMb: number[] },
	repeats: number,
	hooks: TurnHooks,
): Promise<Measured[]> {
	const runs: JobResult[][] = jobs.map(() => []);
	const server: ServerStats[] = jobs.map(() => ({ requests: 0 }));
	for (let repeat = 0; repeat < repeats; repeat++) {
		for (const [j, worker] of started.workers.entries()) {
			hooks.beforeRun();
			worker.send('run');
			const answer = await worker.next();
			if (answer.type !== 'run') throw new Error(`unexpected message ${answer.type}`);
			runs[j].push({ ...answer.result, startRssMb: started.startRssMb[j] });
			server[j] = hooks.server();
		}
	}
	return runs.map((jobRuns, j) => {
		const result = {
			...jobRuns[jobRuns.length - 1],
			wallMs: median(jobRuns.map((run) => run.wallMs)),
			executionMs: jobRuns.every((run) => run.executionMs !== undefined)
				? median(jobRuns.map((run) => run.executionMs as number))
				: undefined,
			peakRssMb: Math.max(...jobRuns.map((run) => run.peakRssMb)),
		};
		process.stderr.write(
			`  ${hooks.label}, ${describe(jobs[j])}: ${(result.wallMs / 1000).toFixed(2)} s (median of ${repeats}), ${server[j].requests} requests\n`,
		);
		return { result, ...server[j] };
	});
}
