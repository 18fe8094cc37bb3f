import type { INodeProperties } from 'n8n-workflow';

import {
	createLinkRequest,
	getLinkRequest,
	listLinksRequest,
	updateLinkRequest,
} from '../requests/link.requests';
import { pagedRouting, recordsRouting } from './routing';
import {
	apiPathsOption,
	createLinkFields,
	linkLocator,
	returnAllOrLimit,
	showFor,
	updateLinkFields,
} from './shared';

export const linkOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['link'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			description: 'Shorten a long URL into a new short link',
			action: 'Create a short link',
			routing: recordsRouting('POST', '/v1/links/', createLinkRequest),
		},
		{
			name: 'Get',
			value: 'get',
			description: 'Get one link by its ID or short URL',
			action: 'Get a link',
			routing: recordsRouting('GET', '/v1/links', getLinkRequest),
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List and search links, newest first unless sorted otherwise',
			action: 'Get many links',
			routing: pagedRouting('POST', '/v1/links/list', listLinksRequest),
		},
		{
			name: 'Update',
			value: 'update',
			description: "Change a link's destination, title, expiry or tags",
			action: 'Update a link',
			routing: recordsRouting('PATCH', '/public/links/bulk', updateLinkRequest),
		},
	],
	default: 'create',
};

export const linkFields: INodeProperties[] = [
	...createLinkFields(showFor('link', ['create'])),
	linkLocator(showFor('link', ['get', 'update'])),
	updateLinkFields(showFor('link', ['update'])),
	...returnAllOrLimit('link'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: showFor('link', ['getMany']),
		options: [
			{
				displayName: 'Created After',
				name: 'createdAfter',
				type: 'dateTime',
				default: '',
				description: 'Only links created on or after this day',
			},
			{
				displayName: 'Created Before',
				name: 'createdBefore',
				type: 'dateTime',
				default: '',
				description: 'Only links created on or before this day',
			},
			{
				displayName: 'Search',
				name: 'search',
				type: 'string',
				default: '',
				description: 'Text matched against the title, long URL, path and ID',
			},
			{
				displayName: 'User IDs',
				name: 'userIds',
				type: 'string',
				default: '',
				placeholder: 'e.g. 6c1c4f0e-0b8e-4d5a-9a57-2f3f1d2e4b5c',
				description: 'Only links of these users: comma-separated user UUIDs',
			},
		],
	},
	{
		displayName: 'Sort',
		name: 'sort',
		type: 'collection',
		placeholder: 'Add Sort',
		default: {},
		displayOptions: showFor('link', ['getMany']),
		options: [
			{
				displayName: 'Direction',
				name: 'direction',
				type: 'options',
				options: [
					{ name: 'Ascending', value: 'asc' },
					{ name: 'Descending', value: 'desc' },
				],
				default: 'desc',
				description: 'Ascending: oldest, soonest to expire, or A to Z first',
			},
			{
				displayName: 'Field',
				name: 'field',
				type: 'options',
				options: [
					{ name: 'Created At', value: 'createdAt' },
					{ name: 'Expires At', value: 'expiredAt' },
					{ name: 'Title', value: 'title' },
				],
				default: 'createdAt',
				description: 'The link field to sort by; without a sort, the newest links come first',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: showFor('link', ['create', 'get', 'getMany', 'update']),
		options: [apiPathsOption],
	},
];
