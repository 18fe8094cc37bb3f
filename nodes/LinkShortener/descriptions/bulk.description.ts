import type { INodeProperties } from 'n8n-workflow';

import { apiPathsOption, createLinkFields, showFor, updateLinkFields } from './shared';

export const MAX_BULK_CREATE_SIZE = 10_000;

export const bulkOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['bulk'] } },
	options: [
		{
			name: 'Create Many',
			value: 'createMany',
			description: 'Create one short link per input item, sending up to 10,000 per request',
			action: 'Create many short links',
		},
		{
			name: 'Update Many',
			value: 'updateMany',
			description: 'Update one link per input item, sending many updates per request',
			action: 'Update many links',
		},
	],
	default: 'createMany',
};

const mappingMode: INodeProperties = {
	displayName: 'Mapping Column Mode',
	name: 'mappingMode',
	type: 'options',
	noDataExpression: true,
	description: "How each input item maps to a link: set each field below, or use the item's own fields as they are",
	options: [
		{
			name: 'Map Each Field Below',
			value: 'defineBelow',
			description: 'Set each field per input item, with expressions that read the item',
		},
		{
			name: 'Map Automatically',
			value: 'autoMap',
			description:
				'Use the fields of each input item that have the same names as the link fields (longUrl, title, path, domain, expiredAt, tags, and the link ID for updates); fastest for large inputs',
		},
	],
	default: 'defineBelow',
	displayOptions: showFor('bulk', ['createMany', 'updateMany']),
};

export const bulkFields: INodeProperties[] = [
	mappingMode,
	{
		displayName:
			'Each input item needs a "longUrl" field; "title", "path", "domain", "expiredAt" and "tags" are used when present, other fields are ignored',
		name: 'autoMapNoticeCreate',
		type: 'notice',
		default: '',
		displayOptions: showFor('bulk', ['createMany'], { mappingMode: ['autoMap'] }),
	},
	{
		displayName:
			'Each input item needs the link UUID in its ID field, named as in the records this node outputs; "longUrl", "title", "expiredAt" and "tags" are updated when present, other fields are ignored',
		name: 'autoMapNoticeUpdate',
		type: 'notice',
		default: '',
		displayOptions: showFor('bulk', ['updateMany'], { mappingMode: ['autoMap'] }),
	},
	...createLinkFields(showFor('bulk', ['createMany'], { mappingMode: ['defineBelow'] })),
	{
		displayName: 'Link ID',
		name: 'linkId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 3f1c6a3e-8a4b-4f4e-9a53-0f0d6a1c2b7e',
		description: 'The UUID of the link to update, usually an expression that reads it from the input item',
		displayOptions: showFor('bulk', ['updateMany'], { mappingMode: ['defineBelow'] }),
	},
	updateLinkFields(showFor('bulk', ['updateMany'], { mappingMode: ['defineBelow'] })),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: showFor('bulk', ['createMany']),
		options: [
			apiPathsOption,
			{
				displayName: 'Batch Size',
				name: 'batchSize',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_BULK_CREATE_SIZE },
				default: MAX_BULK_CREATE_SIZE,
				description: 'Links per request; the API accepts at most 10,000',
			},
			{
				displayName: 'Max Retries',
				name: 'maxRetries',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 5,
				description:
					'How often to re-send a batch the server refused with 429 (rate limit) before giving up',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: showFor('bulk', ['updateMany']),
		options: [
			{
				displayName: 'Batch Size',
				name: 'batchSize',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 1000,
				description: 'Updates per request',
			},
		],
	},
];
