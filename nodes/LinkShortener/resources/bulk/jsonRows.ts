import { NodeOperationError, type IDataObject, type INodeExecutionData } from 'n8n-workflow';

import { parameterOfRow } from '../../n8n/itemField';
import { nodeRunOf, type NodeRun } from '../../n8n/nodeRun';
import { runsAsTool } from '../../n8n/toolMode';
import type { OperationRun } from '../../n8n/toolPath';
import { pairedRowOf } from '../../http/errorItems';
import type { Operation } from '../resource';
import { invalidSetting } from '../../fields/validation';
import { mappingModeOf } from './mappingMode';

const ROWS = { label: 'Rows', parameter: 'rows' };
const TOOL_ROWS = `{{ $fromAI('rows', 'the links, one object each: longUrl, title, …', 'json') }}`;

function describe(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'an array';
	if (typeof value === 'string')
		return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
	return `${typeof value === 'object' ? 'an' : 'a'} ${typeof value}`;
}

/** The rows one input item's `rows` holds: an array of objects, or a string holding one (D18). */
function listOf(context: NodeRun, item: number): IDataObject[] {
	let value = parameterOfRow(context, 'rows', item, []);
	const refuse = (problem: string): never => {
		throw invalidSetting(context.getNode(), ROWS, problem, {
			item,
			advice:
				'Rows takes an array of objects, one per link, such as [{ "longUrl": "https://example.com", "title": "Home" }].',
		});
	};
	if (typeof value === 'string') {
		const text = value.trim() === '' ? '[]' : value;
		try {
			value = JSON.parse(text);
		} catch {
			refuse(`${describe(value)} is not JSON`);
		}
	}
	if (!Array.isArray(value)) return refuse(`expected an array of objects, got ${describe(value)}`);
	value.forEach((row: unknown, position) => {
		if (typeof row !== 'object' || row === null || Array.isArray(row))
			refuse(`rows[${position}] is ${describe(row)}, not an object`);
	});
	return value as IDataObject[];
}

/** The run over the list's elements: each element an input item, its parameters those of the item that held it. */
function elementsRun(context: NodeRun, elements: INodeExecutionData[]): NodeRun {
	const holderOf = (element: number) => pairedRowOf(elements[element]) ?? 0;
	const getNodeParameter = (name: string, element: number, ...rest: unknown[]) =>
		(context.getNodeParameter as (...args: unknown[]) => unknown)(name, holderOf(element), ...rest);
	return nodeRunOf(context, {
		getInputData: () => elements,
		getNodeParameter: getNodeParameter as NodeRun['getNodeParameter'],
		getWorkflowDataProxy: (element) => context.getWorkflowDataProxy(holderOf(element)),
		addExecutionHints: (...hints) => context.addExecutionHints(...hints),
	});
}

/** An output item of an element, paired back to the input item that held the list. */
function pairedToHolder(
	item: INodeExecutionData,
	elements: INodeExecutionData[],
): INodeExecutionData {
	const row = pairedRowOf(item);
	if (row === undefined) return item;
	return { ...item, pairedItem: elements[row]?.pairedItem ?? { item: 0 } };
}

function fromJsonList(run: OperationRun): OperationRun {
	return async function (this: NodeRun) {
		const mode = mappingModeOf(this);
		if (mode === 'autoMap' && runsAsTool(this.getNode())) {
			throw new NodeOperationError(
				this.getNode(),
				'Map Automatically reads the columns of input items, and a tool call has none',
				{
					description: `Set Mapping Column Mode to "From a JSON List" and Rows to ${TOOL_ROWS}, so that the model passes the rows.`,
				},
			);
		}
		if (mode !== 'jsonRows') return await run.call(this);
		const elements = this.getInputData().flatMap((_holder, item) =>
			// A copy of each element: the list may be the input item's own (parameterOfRow).
			listOf(this, item).map((json) => ({ json: { ...json }, pairedItem: { item } })),
		);
		if (elements.length === 0) return [[]];
		const outputs = await run.call(elementsRun(this, elements));
		return outputs.map((items) => items.map((item) => pairedToHolder(item, elements)));
	};
}

/** A bulk operation that also takes its rows from a JSON list (mapping mode "From a JSON List", D18). */
export function withJsonRows(operation: Operation): Operation {
	return { ...operation, run: fromJsonList(operation.run) };
}
