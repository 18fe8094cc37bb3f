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
