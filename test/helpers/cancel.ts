/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
import { WorkflowExecute } from 'n8n-core';

export const pause = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

export const until = async (condition: () => boolean) => {
	while (!condition()) await pause(10);
};

/**
 * The executions n8n-core's engine starts from here on, each with the `cancel()` n8n calls when
 * a user stops an execution. Restore with `jest.restoreAllMocks()`.
 */
export function cancellableRuns(): Array<{ cancel(): void }> {
	const runs: Array<{ cancel(): void }> = [];
	const process = WorkflowExecute.prototype.processRunExecutionData;
	jest.spyOn(WorkflowExecute.prototype, 'processRunExecutionData').mockImplementation(function (
		this: WorkflowExecute,
		...args
	) {
		const run = process.apply(this, args);
		runs.push(run);
		return run;
	});
	return runs;
}
