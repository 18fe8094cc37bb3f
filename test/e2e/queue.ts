/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
/**
 * Helpers for the queue-mode e2e cases: the workflows they activate or run, reading a
 * workflow's executions from main's REST API, and telling the trigger's polls apart in the
 * sandbox's request log.
 */
import * as n8n from '../../dev/n8n';
import type { ExecutionJson, WorkflowJson } from '../../dev/n8n';
import type { Sandbox } from '../../dev/sandbox/server';
import { CREDENTIAL_NAME, CREDENTIAL_TYPE, TRIGGER_NODE, triggerWorkflow } from './workflows';
import type { IDataObject } from 'n8n-workflow';

export const RECEIVED_NODE = 'Received';

/**
 * n8n refuses poll times under a minute (the seconds field of each cron must be one number),
 * but a trigger may list several times: these four poll every 15 s.
 */
export const EVERY_15_SECONDS = {
	item: [0, 15, 30, 45].map((second) => ({
		mode: 'custom',
		cronExpression: `${second} * * * * *`,
	})),
};

/** Link Shortener Trigger (new links, polled every 15 s unless other poll times are given) -> No Op "Received". */
/**
 * Poll every 3 s: twenty Poll Times of mode Custom, each at one fixed second (n8n refuses one
 * entry that fires more than once a minute).
 */
export const EVERY_3_SECONDS = {
	item: Array.from({ length: 20 }, (_, i) => ({
		mode: 'custom',
		cronExpression: `${i * 3} * * * * *`,
	})),
};

export function pollingWorkflow(
	name: string,
	pollTimes: IDataObject = EVERY_15_SECONDS,
	parameters: IDataObject = { event: 'newLink' },
): WorkflowJson {
	const workflow = triggerWorkflow(name, { ...parameters, pollTimes } as never);
	workflow.nodes.push({
		id: n8n.newId(),
		name: RECEIVED_NODE,
		type: 'n8n-nodes-base.noOp',
		typeVersion: 1,
		position: [220, 0],
		parameters: {},
	});
	workflow.connections = {
		[TRIGGER_NODE]: { main: [[{ node: RECEIVED_NODE, type: 'main', index: 0 }]] },
	};
	return workflow;
}

export function sandboxCredential(sandbox: Sandbox): n8n.CredentialInput {
	return {
		name: CREDENTIAL_NAME,
		type: CREDENTIAL_TYPE,
		data: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
	};
}

/** Publishes (activates) a workflow the way the editor does: its current version. */
export async function activate(rest: n8n.N8nRest, workflowId: string): Promise<void> {
	const workflow = await rest.request<{ versionId: string }>(
		'GET',
		`/rest/workflows/${workflowId}`,
	);
	await rest.request('POST', `/rest/workflows/${workflowId}/activate`, {
		versionId: workflow.versionId,
	});
}

export async function deactivate(rest: n8n.N8nRest, workflowId: string): Promise<void> {
	await rest.request('POST', `/rest/workflows/${workflowId}/deactivate`, {});
}

interface ExecutionSummary {
	id: string;
	status: string;
	mode: string;
}

const MAX_EXECUTIONS = 100; // n8n's largest page

/** Every execution of a workflow, each once finished, with its run data. */
export async function executionsOf(
	rest: n8n.N8nRest,
	workflowId: string,
): Promise<ExecutionJson[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const page = await rest.request<{ results: ExecutionSummary[] }>(
		'GET',
		`/rest/executions?filter=${filter}&limit=${MAX_EXECUTIONS}`,
	);
	if (page.results.length >= MAX_EXECUTIONS)
		throw new Error(`workflow ${workflowId} has ${MAX_EXECUTIONS} executions or more`);
	const executions: ExecutionJson[] = [];
	for (const summary of page.results)
		executions.push(await rest.waitForExecution(summary.id, { timeoutMs: 120_000 }));
	return executions;
}

/**
 * Every item a trigger workflow's executions delivered, oldest execution first; throws at the
 * first failed execution, but for those `excused` (a failed poll delivers nothing).
 */
export async function deliveredItems(
	rest: n8n.N8nRest,
	workflowId: string,
	excused: (execution: ExecutionJson) => boolean = () => false,
): Promise<Array<Record<string, unknown>>> {
	const executions = await executionsOf(rest, workflowId);
	const failed = executions.find((e) => e.status !== 'success' && !excused(e));
	if (failed)
		throw new Error(`a trigger execution failed: ${failed.data.resultData.error?.message}`);
	return executions
		.filter((e) => e.status === 'success')
		.sort((a, b) => Number(a.id) - Number(b.id))
		.flatMap((e) => n8n.nodeItems(e, RECEIVED_NODE));
}

/** Link Clicked's items: the new clicks delivered, summed by link id. */
export function newClicksBy(items: Array<Record<string, unknown>>): Record<string, number> {
	const sums: Record<string, number> = {};
	for (const item of items)
		sums[String(item.id)] = (sums[String(item.id)] ?? 0) + Number(item.newClicks);
	return sums;
}

/**
 * The trigger's polls since `since` (ms), when it is the only client: one poll per burst of
 * requests (a request less than 5 s after the previous one belongs to the same poll).
 */
export function pollsSince(sandbox: Sandbox, since: number): number {
	let polls = 0;
	let previous = -Infinity;
	for (const request of sandbox.requests) {
		if (request.at <= since) continue;
		if (request.at - previous > 5_000) polls += 1;
		previous = request.at;
	}
	return polls;
}

/** Waits (at most `timeoutMs`) until `done()` holds; throws `what` and `state()` otherwise. */
export async function waitUntil(
	what: string,
	done: () => boolean | Promise<boolean>,
	timeoutMs: number,
	state: () => unknown = () => '',
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await done())) {
		if (Date.now() > deadline)
			throw new Error(
				`${what}: not within ${timeoutMs / 1000} s; ${JSON.stringify(await state())}`,
			);
		await new Promise((resolve) => setTimeout(resolve, 1_000));
	}
}
