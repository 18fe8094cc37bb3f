/**
 * The real-n8n bench's workflows: a Manual Trigger and then the given nodes one after another,
 * the measured one named `Job`; run by `n8n execute`, read from the run data.
 */
import * as n8n from '../../dev/n8n';

/** The node the bench measures: its time and items are read from the run data. */
export const JOB = 'Job';

/** A node of a bench workflow, placed and given an id by chainWorkflow. */
export interface Step {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, unknown>;
	credentials?: n8n.WorkflowNode['credentials'];
}

/** Manual Trigger → each step in turn. */
export function chainWorkflow(id: string, steps: Step[]): n8n.WorkflowJson & { id: string } {
	const start: Step = {
		name: 'Start',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		parameters: {},
	};
	const nodes = [start, ...steps].map(
		(step, k): n8n.WorkflowNode => ({ ...step, id: `${id}-${k}`, position: [220 * k, 0] }),
	);
	const connections: Record<string, unknown> = {};
	for (let k = 1; k < nodes.length; k++)
		connections[nodes[k - 1].name] = { main: [[{ node: nodes[k].name, type: 'main', index: 0 }]] };
	return { id, name: `bench ${id}`, nodes, connections, settings: { executionOrder: 'v1' } };
}

/** A Code node that makes `rows` links to create, each with its own long URL and title. */
/**
 * A Code node making the rows: with the link fields' own names, or as a sheet gives them (a
 * header row's names, a notes column, Google Sheets' row_number).
 */
export function rowsStep(rows: number, headers: 'exact' | 'sheet' = 'exact'): Step {
	const row =
		headers === 'exact'
			? `{ longUrl: 'https://example.com/bench/' + i, title: 'Bench ' + i }`
			: `{ 'Long URL': 'https://example.com/bench/' + i, Title: 'Bench ' + i, Notes: '', row_number: i + 2 }`;
	const jsCode = `return Array.from({ length: ${rows} }, (_, i) => ({ json: ${row} }));`;
	return {
		name: 'Rows',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: { mode: 'runOnceForAllItems', language: 'javaScript', jsCode },
	};
}

export interface JobRun {
	result: n8n.ExecuteResult;
	/** The Job node's task in the run data (none for a workflow without a Job). */
	task?: n8n.TaskData;
	/** The Job node's executionTime (what the editor shows), ms. */
	ms: number;
	items: number;
}

/**
 * Runs a workflow in `n8n execute` (optionally under `NODE_OPTIONS`). A failed run throws, and
 * so does a run without the Job's task, unless the workflow has no Job (`hasJob: false`).
 */
export async function executeJob(
	env: n8n.N8nEnv,
	id: string,
	options: { nodeOptions?: string; maxBuffer?: number; hasJob?: boolean } = {},
): Promise<JobRun> {
	const runEnv = options.nodeOptions ? { ...env, NODE_OPTIONS: options.nodeOptions } : env;
	const result = await n8n.executeWorkflow(runEnv, id, {
		timeoutMs: 900_000,
		...(options.maxBuffer && { maxBuffer: options.maxBuffer }),
	});
	const task = result.run?.data.resultData.runData[JOB]?.[0];
	if (!result.ok || (options.hasJob !== false && !task))
		throw new Error(`bench workflow ${id} failed: ${result.describe()}`);
	return {
		result,
		task,
		ms: task?.executionTime ?? 0,
		items: task ? n8n.nodeItems(result.run, JOB).length : 0,
	};
}
