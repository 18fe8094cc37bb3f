/**
 * Return All in a running n8n (`n8n start`), the way most users run it: the same workflows run
 * by hand through n8n's REST API, one run first to warm the process up (what `n8n execute`
 * pays at every run), then the measured runs, times from the run data of each execution.
 */
import * as n8n from '../../dev/n8n';
import type { Sandbox } from '../../dev/sandbox/server';
import { quick, repeats } from './args';
import { JOB } from './benchWorkflows';
import type { PlainTarget } from './plain';
import { measureReturnAll, RETURN_ALL_HEADER, returnAllRow } from './realN8nRows';

/** One manual execution; the Job's time in its run data, ms. */
async function runOnce(rest: n8n.N8nRest, workflowId: string): Promise<number> {
	const { executionId } = await rest.runManually(workflowId, 'Start');
	if (!executionId) throw new Error(`bench workflow ${workflowId} did not start`);
	const execution = await rest.waitForExecution(executionId, { timeoutMs: 300_000 });
	const task = execution.data.resultData.runData[JOB]?.[0];
	if (execution.status !== 'success' || task?.executionTime === undefined)
		throw new Error(`bench workflow ${workflowId} ended ${execution.status}`);
	return task.executionTime;
}

export async function returnAllInN8nStart(
	env: n8n.N8nEnv,
	sandbox: Sandbox,
	/** Workflow ids, already imported into the user folder of `env`. */
	jobs: { node: string; http: string },
	target: PlainTarget & { pageSize: number },
): Promise<string> {
	const instance = await n8n.startN8n(env, { timeoutMs: 240_000 });
	const rows: string[] = [];
	try {
		const rest = new n8n.N8nRest(instance.url);
		await rest.setupOwner();
		const runJob = async (id: string) => await runOnce(rest, id);
		for (const cases of quick
			? ([[2_000, 0]] as const)
			: ([
					[2_000, 50],
					[10_000, 0],
				] as const))
			rows.push(
				returnAllRow(await measureReturnAll(sandbox, target, { ...jobs, runJob }, cases, true)),
			);
	} finally {
		await instance.stop();
	}
	return [
		`In \`n8n start\` (a running n8n ${n8n.layout().version}, the same workflows run by hand through its REST API): each job run once to warm the process up, then median of ${repeats(3)}; the plain script warm in the bench's process as above.`,
		'',
		...RETURN_ALL_HEADER,
		...rows,
		'',
		'Marks as for `n8n execute` above. `n8n execute` starts a new process for every run and pays V8’s warm-up each time; a running n8n pays it at its first execution only.',
	].join('\n');
}
