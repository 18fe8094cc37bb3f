import type {
	IConnections,
	IDataObject,
	INodeExecutionData,
	IWorkflowBase,
	Workflow,
} from 'n8n-workflow';

/** Plain objects become { json }; every item gets pairedItem to its position. Default: one empty item. */
export function toItems(
	input: Array<IDataObject | INodeExecutionData> | undefined,
): INodeExecutionData[] {
	if (input === undefined) return [{ json: {} }];
	return input.map((entry, index) => {
		const json = (entry as INodeExecutionData).json;
		const isItem =
			entry !== null &&
			typeof entry === 'object' &&
			'json' in entry &&
			json !== null &&
			typeof json === 'object' &&
			!Array.isArray(json);
		const item: INodeExecutionData = isItem
			? { ...(entry as INodeExecutionData) }
			: { json: entry as IDataObject };
		item.pairedItem ??= { item: index };
		return item;
	});
}

/** A JSON round trip: what n8n stores is JSON. */
export function clone<T>(value: T): T {
	return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** The stored-workflow record the execution hooks are given. */
export function workflowBase(workflow: Workflow, connections: IConnections): IWorkflowBase {
	const now = new Date();
	return {
		id: workflow.id,
		name: workflow.name ?? 'Test workflow',
		active: false,
		isArchived: false,
		createdAt: now,
		updatedAt: now,
		nodes: Object.values(workflow.nodes),
		connections,
		activeVersionId: null,
	};
}
