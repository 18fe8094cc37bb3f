import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

export function showFor(resource: string, operation: string[], extra: IDisplayOptions['show'] = {}) {
	return { show: { resource: [resource], operation, ...extra } };
}

export const apiPathsOption: INodeProperties = {
	displayName: 'API Paths',
	name: 'apiPaths',
	type: 'options',
	options: [
		{ name: 'Current (V1)', value: 'v1', description: 'Paths under /v1/links' },
		{
			name: 'Legacy (Public Links)',
			value: 'legacy',
			description:
				'Paths under /public/links: the older alias of the same operations, for servers that only have it',
		},
	],
	default: 'v1',
	description: 'Which paths to call for creating and listing links',
};

export function linkLocator(displayOptions: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Link',
		name: 'linkId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The link to use: pick it from the list, give its ID, or paste its short URL',
		displayOptions,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a link...',
				typeOptions: { searchListMethod: 'searchLinks', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 3f1c6a3e-8a4b-4f4e-9a53-0f0d6a1c2b7e',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^\\s*[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\s*$',
							errorMessage: 'Not a link ID: a link ID is a UUID',
						},
					},
				],
			},
			{
				displayName: 'By Short URL',
				name: 'url',
				type: 'string',
				placeholder: 'e.g. https://sho.rt/abc123',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^\\s*https?://[^/\\s]+/\\S+$',
							errorMessage: 'Not a short URL such as https://sho.rt/abc123',
						},
					},
				],
			},
		],
	};
}

const tagsField: INodeProperties = {
	displayName: 'Tags',
	name: 'tags',
	type: 'string',
	default: '',
	placeholder: 'e.g. spring, promo',
	description: 'Comma-separated tag names (an expression may also give a list of names)',
};

const expiredAtField: INodeProperties = {
	displayName: 'Expires At',
	name: 'expiredAt',
	type: 'dateTime',
	default: '',
	description: 'When the link expires. Leave empty for a link that never expires.',
};

const longUrlField: INodeProperties = {
	displayName: 'Long URL',
	name: 'longUrl',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://example.com/spring-sale',
	description: 'The destination that the short link redirects to (an absolute http or https URL)',
};

const titleField: INodeProperties = {
	displayName: 'Title',
	name: 'title',
	type: 'string',
	default: '',
	description: 'A title that helps you find the link later',
};

/** Long URL, title and the optional create fields: shared by Link > Create and Bulk > Create Many. */
export function createLinkFields(displayOptions: IDisplayOptions): INodeProperties[] {
	return [
		{ ...longUrlField, required: true, displayOptions },
		{ ...titleField, displayOptions },
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			displayOptions,
			options: [
				{
					displayName: 'Custom Path',
					name: 'path',
					type: 'string',
					default: '',
					placeholder: 'e.g. spring-sale',
					description: 'The short path after the domain. Leave empty for a generated one.',
				},
				{
					displayName: 'Domain Name or ID',
					name: 'domain',
					type: 'options',
					typeOptions: { loadOptionsMethod: 'getVerifiedDomains' },
					default: '',
					description:
						'The domain of the short URL; only verified domains can carry links. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				},
				expiredAtField,
				{
					displayName: 'Extra Body Fields (JSON)',
					name: 'extraFields',
					type: 'json',
					default: '{}',
					description: 'Any other field your server accepts, merged into the request body',
				},
				tagsField,
			],
		},
	];
}

/** The fields an update can change: shared by Link > Update and Bulk > Update Many. */
export function updateLinkFields(displayOptions: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions,
		options: [
			expiredAtField,
			{ ...longUrlField, description: 'The new destination (an absolute http or https URL)' },
			tagsField,
			titleField,
		],
	};
}

/** "Return All" and "Limit" for the paginated Get Many operations. */
export function returnAllOrLimit(resource: string): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: showFor(resource, ['getMany']),
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: showFor(resource, ['getMany'], { returnAll: [false] }),
		},
	];
}
