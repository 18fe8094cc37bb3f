import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { UTM_FIELDS } from './utmFields';

export function showFor(
	resource: string,
	operation: string[],
	extra: IDisplayOptions['show'] = {},
) {
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

/** An operation's "Options" collection, its options in display order. */
export function optionsCollection(
	displayOptions: IDisplayOptions,
	...options: INodeProperties[]
): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions,
		options: options.sort((a, b) => a.displayName.localeCompare(b.displayName)),
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

/** The five UTM fields (D12), added to the long URL's query. */
const utmFields: INodeProperties[] = UTM_FIELDS.map(({ field, key, label }) => ({
	displayName: label,
	name: field,
	type: 'string',
	default: '',
	description: `Added to the long URL as ${key} (percent-encoded), replacing a ${key} already there`,
}));

const titleField: INodeProperties = {
	displayName: 'Title',
	name: 'title',
	type: 'string',
	default: '',
	description: 'A title that helps you find the link later',
};

const domainField: INodeProperties = {
	displayName: 'Domain Name or ID',
	name: 'domain',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getVerifiedDomains' },
	default: '',
	description:
		'The domain of the short URL; only verified domains can carry links. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** The one definition of each link field, for every operation that shows it. */
export const LINK_FIELDS = {
	longUrl: longUrlField,
	title: titleField,
	domain: domainField,
	expiredAt: expiredAtField,
	tags: tagsField,
	utm: utmFields,
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
				domainField,
				expiredAtField,
				{
					displayName: 'Extra Body Fields (JSON)',
					name: 'extraFields',
					type: 'json',
					default: '{}',
					description: 'Any other field your server accepts, merged into the request body',
				},
				tagsField,
				...utmFields,
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
			...utmFields.map((field) => ({
				...field,
				description: `${field.description}; used when Long URL is set`,
			})),
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
