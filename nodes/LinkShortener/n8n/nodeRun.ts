import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * What an operation's run uses of n8n's execute context, and nothing more. A workflow run and
 * the AI Agent hand the node n8n's own context (which has all of this); n8n's tool path hands
 * routing one row with a context of routing's own, and toolPath.ts makes this from it
 * (`routingRun`), so that both reach the same code.
 */
export type NodeRun = Pick<
	IExecuteFunctions,
	| 'getNode'
	| 'getNodeParameter'
	| 'getInputData'
	| 'continueOnFail'
	| 'getCredentials'
	| 'getExecutionId'
	| 'getWorkflowDataProxy'
	| 'getExecutionCancelSignal'
	| 'addExecutionHints'
> & {
	helpers: Pick<
		IExecuteFunctions['helpers'],
		'httpRequestWithAuthentication' | 'httpRequest' | 'prepareBinaryData'
	>;
};
