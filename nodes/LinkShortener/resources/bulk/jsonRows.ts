import { NodeOperationError, type IDataObject, type INodeExecutionData } from 'n8n-workflow';

import { parameterOfRow } from '../../n8n/itemField';
import type { NodeRun } from '../../n8n/nodeRun';
import { runsAsTool } from '../../n8n/toolMode';
import { pairedRowOf } from '../../http/errorItems';
import { isErrorItem } from '../../n8n/errorOutput';
import type { RowSource } from '../../batches/rows';
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

/**
 * The rows of a run in mode "From a JSON List": the elements of every input item's list, in
 * order, each read from the item that held it (`holders`) and named by its place there.
 */
class ListRows implements RowSource {
	readonly items: INodeExecutionData[] = [];
	readonly noun = { one: 'row', many: 'rows' };
	private readonly holders: number[] = [];
	private readonly places: string[] = [];

	constructor(context: NodeRun) {
		const lists = context.getInputData().map((_holder, item) => listOf(context, item));
		const several = lists.filter((list) => list.length > 0).length > 1;
		lists.forEach((list, item) => {
			list.forEach((json, position) => {
				// A copy of each element: the list may be the input item's own (parameterOfRow).
				this.items.push({ json: { ...json } });
				this.holders.push(item);
				this.places.push(`rows[${position}]${several ? ` of input item ${item}` : ''}`);
			});
		});
	}

	placeOf(index: number): string {
		return this.places[index];
	}

	/**
	 * The run's output, each row's items paired back to the input item that held it; an error
	 * item names that input item and the row's place in its list.
	 */
	pairedToHolders(items: INodeExecutionData[]): INodeExecutionData[] {
		return items.map((item) => {
			const row = pairedRowOf(item);
			if (row === undefined) return item;
			const holder = this.holders[row] ?? 0;
			const paired = { ...item, pairedItem: { item: holder } };
			if (!isErrorItem(item)) return paired;
			const details = {
				...(item.json.details as IDataObject),
				inputItem: holder,
				row: this.places[row],
			};
			return { ...paired, json: { ...item.json, details } };
		});
	}
}

/**
 * The rows of a bulk operation: the input items, or in mapping mode "From a JSON List" (D18)
 * the elements of every input item's list, each list read and checked before any row.
 */
export function bulkRows(context: NodeRun): RowSource {
	const mode = mappingModeOf(context);
	if (mode === 'autoMap' && runsAsTool(context.getNode())) {
		throw new NodeOperationError(
			context.getNode(),
			'Map Automatically reads the columns of input items, and a tool call has none',
			{
				description: `Set Mapping Column Mode to "From a JSON List" and Rows to ${TOOL_ROWS}, so that the model passes the rows.`,
			},
		);
	}
	return mode === 'jsonRows' ? new ListRows(context) : { items: context.getInputData() };
}
