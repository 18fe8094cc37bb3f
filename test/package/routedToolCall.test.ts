import { ROUTED_TOOL_TYPE, useLinkShortener } from '../helpers/fixture';

/**
 * A tool call of n8n's MCP Server Trigger runs the node through its declarative routing, not its
 * customOperations (measured in n8n 2.41.1: test/e2e/mcp.e2e.test.ts). Here the same path in
 * n8n's engine, in-process: a node type without customOperations, so that n8n-core's
 * WorkflowExecute runs it through RoutingNode.
 */
describe('a tool call through n8n’s routing (the MCP Server Trigger’s path)', () => {
	const ls = useLinkShortener();
	const asRoutedTool = { type: ROUTED_TOOL_TYPE };

	it('Link > Create: the row is checked and sent once, and its link comes back', async () => {
		const { items, error } = await ls.run(
			{ resource: 'link', operation: 'create', longUrl: 'https://example.com/tool', title: 'T' },
			undefined,
			asRoutedTool,
		);

		expect(error).toBeUndefined();
		expect(ls.requestsTo('/v1/links/').map((request) => request.body)).toEqual([
			{ longUrl: 'https://example.com/tool', title: 'T' },
		]);
		expect(items.map((item) => item.json.shortUrl)).toEqual([expect.stringMatching(/^https:\/\//)]);
	});

	it('Link > Get Many: at most the tool’s 50 links, read at the size the server serves', async () => {
		ls.sandbox.addLinks(120, { title: 'Spring' });

		const { items, error } = await ls.run(
			{ resource: 'link', operation: 'getMany', returnAll: true },
			undefined,
			asRoutedTool,
		);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(50);
		expect(ls.requestsTo('/v1/links/list')).toHaveLength(Math.ceil(50 / ls.sandbox.pageSizeCap));
	});

	it('a bad long URL is refused before any request, with the error a person reads', async () => {
		const { error } = await ls.run(
			{ resource: 'link', operation: 'create', longUrl: 'not a url' },
			undefined,
			asRoutedTool,
		);

		expect(error?.message).toBe('Invalid Long URL in item 0: "not a url" is not an absolute URL');
		expect(ls.sandbox.requests).toHaveLength(0);
	});
});
