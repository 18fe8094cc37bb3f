import { LinkShortenerApi } from '../../credentials/LinkShortenerApi.credentials';
import { LinkShortener } from '../../nodes/LinkShortener/LinkShortener.node';
import { LinkShortenerTrigger } from '../../nodes/LinkShortener/LinkShortenerTrigger.node';
import { Engine } from './engine';

export const NODE_TYPE = 'n8n-nodes-link-shortener.linkShortener';
export const TRIGGER_TYPE = 'n8n-nodes-link-shortener.linkShortenerTrigger';
/** The type n8n derives from usableAsTool: the same node, run as an AI agent's tool. */
export const TOOL_TYPE = 'n8n-nodes-link-shortener.linkShortenerTool';

/**
 * The tool as n8n 2.41.1's MCP Server Trigger runs it: through the node's declarative routing,
 * never its customOperations (n8n-core's makeHandleToolInvocation calls the node type's execute,
 * which n8n sets to RoutingNode). A fast guard beside test/e2e/mcp.e2e.test.ts.
 */
export const ROUTED_TOOL_TYPE = 'n8n-nodes-link-shortener.linkShortenerRoutedTool';

/** An engine that knows this package's node (also as a tool), its trigger and its credential. */
export function createEngine(): Engine {
	return new Engine({
		nodeTypes: {
			[NODE_TYPE]: new LinkShortener(),
			[TOOL_TYPE]: new LinkShortener(),
			[ROUTED_TOOL_TYPE]: Object.assign(new LinkShortener(), { customOperations: undefined }),
			[TRIGGER_TYPE]: new LinkShortenerTrigger(),
		},
		credentialTypes: [new LinkShortenerApi()],
	});
}
