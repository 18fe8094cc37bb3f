import { NodeApiError, NodeOperationError, type INode, type JsonObject } from 'n8n-workflow';

/**
 * A request that brought no answer (a dropped connection, a timeout), as n8n's own routing and
 * request helper report it: the failure wrapped in a NodeApiError, whose message and
 * description n8n writes from the cause; an error n8n already shows well passes through.
 */
export function requestFailure(
	node: INode,
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeApiError(node, error as JsonObject, { itemIndex });
}
