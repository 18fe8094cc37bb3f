import type { IAllExecuteFunctions, IExecuteFunctions } from 'n8n-workflow';

/**
 * What an operation's run uses of n8n's execute context, and nothing more. A workflow run and
 * the AI Agent hand the node n8n's own context (which has all of this); n8n's tool path hands
 * routing one row, and toolPath.ts makes this from it, so that both reach the same code.
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

type Shared = Pick<
	NodeRun,
	| 'getNode'
	| 'continueOnFail'
	| 'getCredentials'
	| 'getExecutionId'
	| 'getExecutionCancelSignal'
	| 'helpers'
>;

/**
 * A run of the node over rows of its own (`own`), sharing the rest with `context`: n8n's
 * context, or a NodeRun. n8n's helpers read their context from `this`, so they stay bound to it.
 */
export function nodeRunOf(
	context: Shared,
	own: Pick<
		NodeRun,
		'getInputData' | 'getNodeParameter' | 'getWorkflowDataProxy' | 'addExecutionHints'
	>,
): NodeRun {
	return {
		getNode: () => context.getNode(),
		continueOnFail: () => context.continueOnFail(),
		getCredentials: async (type, itemIndex) => await context.getCredentials(type, itemIndex),
		getExecutionId: () => context.getExecutionId(),
		getExecutionCancelSignal: () => context.getExecutionCancelSignal(),
		helpers: {
			httpRequestWithAuthentication: async (...args) =>
				await context.helpers.httpRequestWithAuthentication.call(
					context as IAllExecuteFunctions,
					...args,
				),
			httpRequest: async (options) => await context.helpers.httpRequest(options),
			prepareBinaryData: async (...args) => await context.helpers.prepareBinaryData(...args),
		},
		...own,
	};
}
