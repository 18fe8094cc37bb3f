import type { INode } from 'n8n-workflow';

/** The most records one answer to an AI agent holds: a model's context is small. */
const TOOL_RESULT_LIMIT = 50;

/**
 * Whether the node runs as an AI Agent's tool (or over MCP): n8n then runs it under the type it
 * derives from `usableAsTool`, the node's type name followed by "Tool".
 */
export function runsAsTool(node: INode): boolean {
	return node.type.endsWith('Tool');
}

/**
 * The most records an answer holds (the one cap for models, D18): `asked` (Infinity for every
 * one), at most TOOL_RESULT_LIMIT when the node runs as a tool.
 */
export function answerCap(node: INode, asked = Infinity): number {
	return runsAsTool(node) ? Math.min(asked, TOOL_RESULT_LIMIT) : asked;
}
