import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { casesOf } from '../helpers/everyOperation';
import { NODE_TYPE, ROUTED_TOOL_TYPE, TOOL_TYPE, useLinkShortener } from '../helpers/fixture';
import { operations } from '../helpers/nodeOperations';

/**
 * Every operation the node has, on every path n8n calls it (D18): a workflow step, the AI
 * Agent's tool (customOperations, under the derived "…Tool" type) and the MCP Server Trigger's
 * tool (routing only). The same row reaches the same endpoints on each, and both tool paths
 * send the same requests and give the same answer. The operations come from the node. One
 * without a case in test/helpers/everyOperation.ts runs with its defaults on LINK_ROWS (a seeded
 * link as Get Many gives it, with a long URL); it needs a case only when that cannot run it.
 */
const PATHS = [
	['a workflow step', NODE_TYPE],
	['the AI Agent', TOOL_TYPE],
	['the MCP Server Trigger (routing)', ROUTED_TOOL_TYPE],
] as const;

/** The first case of the operation, its first row; as a tool, a bulk operation takes its rows as a JSON list (Map Automatically has no columns there). */
function callOf(
	operation: string,
	type: string,
): { parameters: INodeParameters; input: IDataObject[] } {
	const [found] = casesOf(operation).cases;
	const row = found.input[0];
	if (type === NODE_TYPE || found.parameters.mappingMode !== 'autoMap') {
		return { parameters: found.parameters, input: [row] };
	}
	return {
		parameters: { ...found.parameters, mappingMode: 'jsonRows', rows: [row] as INodeParameters[] },
		input: [{ toolCallId: 'call-1' }],
	};
}

const VOLATILE = new Set(['id', 'shortUrl', 'path', 'createdAt', 'updatedAt', 'ms']);
const stable = (items: INodeExecutionData[]) =>
	items.map(
		({ json }) =>
			JSON.parse(
				JSON.stringify(json, (key, value: unknown) => (VOLATILE.has(key) ? typeof value : value)),
			) as unknown,
	);

describe('every operation on every path n8n calls the node (D18)', () => {
	const ls = useLinkShortener();

	it.each(operations().map(({ name }) => [name]))('%s', async (operation) => {
		const seen = [];
		for (const [path, type] of PATHS) {
			ls.sandbox.reset();
			const { parameters, input } = callOf(operation, type);
			const { items, error } = await ls.run(parameters, input, { type });
			expect({ path, error: error?.message }).toEqual({ path, error: undefined });
			seen.push({
				path,
				requests: ls.sandbox.requests.map(({ method, path: url, body }) => ({ method, url, body })),
				items,
			});
		}
		const [workflow, agent, mcp] = seen;
		if (casesOf(operation).callsApi) expect(workflow.requests.length).toBeGreaterThan(0);
		// The same endpoints; bodies may differ only where a tool's answer stops at 50 (Get Many's page size).
		const endpoints = (requests: typeof workflow.requests) =>
			requests.map(({ method, url }) => [method, url]);
		expect(endpoints(agent.requests)).toEqual(endpoints(workflow.requests));
		expect(mcp.requests).toEqual(agent.requests);
		expect(agent.items.length).toBeGreaterThan(0);
		expect(stable(mcp.items)).toEqual(stable(agent.items));
		expect(agent.items.every((item) => item.binary === undefined)).toBe(true);
	});
});
