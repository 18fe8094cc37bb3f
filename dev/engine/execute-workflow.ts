import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	IDataObject,
	INode,
	IRun,
	IRunExecutionData,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	Workflow,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import type { NodeError } from './types';

/** Original error objects thrown by nodes, per run (the run itself holds serialized copies). */
const nodeErrors = new WeakMap<IRun, Map<string, Error>>();

/** Runs the execution stack through n8n-core's WorkflowExecute, as the CLI does, and keeps the nodes' original errors. */
export async function executeWorkflow(
	workflow: Workflow,
	workflowData: IWorkflowBase,
	runExecutionData: IRunExecutionData,
	additionalData: IWorkflowExecuteAdditionalData,
	mode: WorkflowExecuteMode,
): Promise<IRun> {
	const hooks = new ExecutionLifecycleHooks(mode, additionalData.executionId!, workflowData);
	let hookRun: IRun | undefined;
	hooks.addHandler('workflowExecuteAfter', (fullRunData) => {
		hookRun = fullRunData;
	});
	additionalData.hooks = hooks;
	const workflowExecute = new WorkflowExecute(additionalData, mode, runExecutionData);
	// WorkflowExecute stores node errors in the run as plain (spread) objects. Observe the
	// original error (NodeApiError / NodeOperationError instance) on its way through the
	// engine's own reporting step, without changing what the engine does with it.
	const errors = new Map<string, Error>();
	const engineInternals = workflowExecute as unknown as {
		reportNodeExecutionError?: (error: Error, node: INode, workflow: Workflow) => unknown;
	};
	const report = engineInternals.reportNodeExecutionError;
	if (typeof report === 'function') {
		engineInternals.reportNodeExecutionError = function (this: unknown, error, node, wf) {
			errors.set(node.name, error);
			return report.call(this, error, node, wf);
		};
	}
	const run = await workflowExecute.processRunExecutionData(workflow);
	const result = hookRun ?? run;
	nodeErrors.set(result, errors);
	return result;
}

/** The error a node threw during `run`: the original instance when known, else the run's serialized copy as an Error. */
export function nodeError(run: IRun, nodeName: string): NodeError | undefined {
	const original = nodeErrors.get(run)?.get(nodeName);
	if (original) return original as NodeError;
	const { runData, lastNodeExecuted, error } = run.data.resultData;
	const stored = (runData[nodeName]?.find((task) => task.error)?.error ??
		(lastNodeExecuted === nodeName ? error : undefined)) as
		| (IDataObject & { message?: string })
		| undefined;
	if (!stored) return undefined;
	return Object.assign(new Error(stored.message ?? 'Unknown error'), stored) as NodeError;
}
