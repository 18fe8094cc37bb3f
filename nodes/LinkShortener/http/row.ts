import type { NodeRun } from '../n8n/nodeRun';

import type { Api } from './request';

/** One input row as an operation reads it, whichever way n8n runs the node. */
export interface Row {
	index: number;
	/** n8n's context, for requests and binary data. */
	context: NodeRun;
	/** The run's API: every request of the row goes through it. */
	api: Api;
	/** The row's value of a parameter. */
	parameter<T>(name: string, fallback: T): T;
}
