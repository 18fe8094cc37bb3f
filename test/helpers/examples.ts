/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeExecutionData, IRun } from 'n8n-workflow';

import type { WorkflowInput } from '../../dev/engine/engine';

export const EXAMPLES_DIR = join(__dirname, '..', '..', 'examples');

/** An example workflow of examples/, as the engine runner takes it. */
export function loadExample(file: string): WorkflowInput {
	return JSON.parse(readFileSync(join(EXAMPLES_DIR, file), 'utf8')) as WorkflowInput;
}

/** A node's first output in a run; its error, when it failed, is thrown. */
export function outputOf(run: IRun, nodeName: string): INodeExecutionData[] {
	const task = run.data.resultData.runData[nodeName]?.[0];
	if (task?.error) throw task.error;
	return task?.data?.main?.[0] ?? [];
}
