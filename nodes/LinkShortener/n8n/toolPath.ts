import type {
	IAllExecuteFunctions,
	IExecutePaginationFunctions,
	IGetNodeParameterOptions,
	INodeExecutionData,
	INodePropertyRouting,
	INodeTypeDescription,
} from 'n8n-workflow';

import type { NodeRun } from './nodeRun';

/** An operation's run over the node's input items: the same function on every path n8n takes. */
export type OperationRun = (this: NodeRun) => Promise<INodeExecutionData[][]>;

/**
 * The run of the node over the one row that n8n's routing hands over, made from routing's own
 * context (a pagination context: no item index to its parameters, no hints): the one substitute
 * for n8n's execute context, as routing leaves no other way in. Parameters are that row's;
 * hints go nowhere (they show in the editor, and a tool call has none). n8n's helpers read their
 * context from `this`, so they stay bound to routing's.
 */
function routingRun(context: IExecutePaginationFunctions): NodeRun {
	const row = context.getInputData();
	const getNodeParameter = (
		name: string,
		_itemIndex: number,
		fallback?: unknown,
		options?: IGetNodeParameterOptions,
	) => context.getNodeParameter(name, fallback, options);
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
		getInputData: () => [row],
		getNodeParameter: getNodeParameter as NodeRun['getNodeParameter'],
		getWorkflowDataProxy: () => context.getWorkflowDataProxy(context.getItemIndex()),
		addExecutionHints: () => undefined,
	};
}

/**
 * The routing every operation carries, so that n8n's tool path reaches the operation's run.
 *
 * n8n calls a declarative node in two ways. A workflow run and the AI Agent (3.x) run the
 * node's `customOperations`. The MCP Server Trigger (regular and queue mode) and older agents
 * call the node type's `execute`, which n8n sets to its routing for a node with
 * `requestDefaults` and no `execute`, and which never looks at `customOperations`. Routing lets
 * code send a row's requests in an operation's pagination function: that function runs the
 * operation over the one row it is given. Checked in n8n 2.41.1 (test/e2e/mcp.e2e.test.ts and
 * test/e2e/queue.e2e.test.ts fail when n8n stops doing this); not checked as a tool on 1.x.
 */
export function throughRouting(run: OperationRun): INodePropertyRouting {
	async function pagination(this: IExecutePaginationFunctions): Promise<INodeExecutionData[]> {
		const [items = []] = await run.call(routingRun(this));
		const item = this.getItemIndex();
		return items.map((output) => ({ ...output, pairedItem: { item } }));
	}
	return { send: { paginate: true }, operations: { pagination } };
}

/**
 * The node's `requestDefaults`. Its presence is what makes n8n (2.41.1) give a declarative node
 * without `execute` its routing as `execute` (`shouldAssignExecuteMethod`), and so what hands
 * the MCP Server Trigger's calls to the routing of `throughRouting`. Routing sends no request
 * of its own: every request to the API goes through `http/request.ts`.
 */
export const ROUTED_REQUEST_DEFAULTS: INodeTypeDescription['requestDefaults'] = {
	disableFollowRedirect: true,
	headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
	ignoreHttpStatusErrors: true,
};
