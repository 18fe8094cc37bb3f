/**
 * Stand-ins for the two n8n-nodes-base nodes of the examples that dev/engine/node-types.ts
 * does not provide. Only what the examples use: Set 3.4 "assignments" (string and number),
 * and a Schedule Trigger that is never started (the examples run from their Manual Trigger).
 */
import { NodeConnectionTypes } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

interface Assignment {
	name: string;
	value: unknown;
	type?: string;
}

export const setStandIn: INodeType = {
	description: {
		displayName: 'Edit Fields (test stand-in)',
		name: 'set',
		group: ['input'],
		version: [3.3, 3.4],
		description: 'Sets fields from assignments',
		defaults: { name: 'Edit Fields' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{
				displayName: 'Assignments',
				name: 'assignments',
				type: 'assignmentCollection',
				default: {},
			},
			{ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [] },
		],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [
			this.getInputData().map((_, itemIndex) => {
				const assignments = this.getNodeParameter(
					'assignments.assignments',
					itemIndex,
					[],
				) as Assignment[];
				const json: IDataObject = {};
				for (const { name, value, type } of assignments) {
					json[name] =
						type === 'number' ? Number(value) : (value as IDataObject[keyof IDataObject]);
				}
				return { json, pairedItem: { item: itemIndex } };
			}),
		];
	},
};

export const scheduleTriggerStandIn: INodeType = {
	description: {
		displayName: 'Schedule Trigger (test stand-in)',
		name: 'scheduleTrigger',
		group: ['trigger', 'schedule'],
		version: [1, 1.1, 1.2],
		description: 'Never fires in tests',
		defaults: { name: 'Schedule Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{ displayName: 'Rule', name: 'rule', type: 'fixedCollection', default: {}, options: [] },
		],
	},
	async trigger() {
		return {};
	},
};

/** Read/Write Files from Disk, only as far as the QR example needs: the node is disabled there, so it never writes. */
export const readWriteFileStandIn: INodeType = {
	description: {
		displayName: 'Read/Write Files from Disk (test stand-in)',
		name: 'readWriteFile',
		group: ['input'],
		version: 1,
		description: 'Passes items through; never touches the disk',
		defaults: { name: 'Read/Write Files from Disk' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{ displayName: 'Operation', name: 'operation', type: 'string', default: 'read' },
			{ displayName: 'File Name', name: 'fileName', type: 'string', default: '' },
			{
				displayName: 'Input Binary Field',
				name: 'dataPropertyName',
				type: 'string',
				default: 'data',
			},
			{ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [] },
		],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		throw new Error('The example keeps this node disabled: it must not run in tests');
	},
};

/** A CSV text's records, each its fields (RFC 4180: quoted fields, "" inside quotes, CRLF or LF). */
function csvRecords(text: string): string[][] {
	const records: string[][] = [];
	let fields: string[] = [];
	let field = '';
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (quoted) {
			if (char === '"' && text[i + 1] === '"') field += text[++i];
			else if (char === '"') quoted = false;
			else field += char;
		} else if (char === '"') quoted = true;
		else if (char === ',') {
			fields.push(field);
			field = '';
		} else if (char === '\n' || char === '\r') {
			if (char === '\r' && text[i + 1] === '\n') i++;
			fields.push(field);
			records.push(fields);
			[fields, field] = [[], ''];
		} else field += char;
	}
	if (field || fields.length) records.push([...fields, field]);
	return records;
}

/**
 * Extract From File, CSV only, as n8n's (typeVersion 1.1) gives rows: the header's text as
 * keys, every value a string, an empty cell left out (Include Empty Cells off), a BOM dropped.
 */
export const extractFromFileStandIn: INodeType = {
	description: {
		displayName: 'Extract From File (test stand-in)',
		name: 'extractFromFile',
		group: ['input'],
		version: [1, 1.1],
		description: 'Reads the CSV in the input item’s binary "data"',
		defaults: { name: 'Extract From File' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{ displayName: 'Operation', name: 'operation', type: 'string', default: 'csv' },
			{ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [] },
		],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const [item] = this.getInputData();
		const text = Buffer.from(String(item.binary?.data?.data ?? ''), 'base64')
			.toString('utf8')
			.replace(/^\uFEFF/, '');
		const [header = [], ...records] = csvRecords(text);
		return [
			records.map((record) => ({
				json: Object.fromEntries(
					header.flatMap((name, k) => (record[k] ? [[name, record[k]]] : [])),
				),
				pairedItem: { item: 0 },
			})),
		];
	},
};
