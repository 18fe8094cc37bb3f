import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { returnAllOrLimit, showFor } from '../../fields/commonFields';
import { paginate } from '../../paging/pager';
import { routedOperation } from '../../routing/routedOperation';

export const getMany: INodePropertyOptions = routedOperation({
	name: 'Get Many',
	value: 'getMany',
	description: 'List the domains of the account',
	action: 'Get many domains',
	request: { method: 'GET', url: '/v1/domains' },
	paginate,
});

export const getManyFields: INodeProperties[] = [
	...returnAllOrLimit('domain'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: showFor('domain', ['getMany']),
		options: [
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'All', value: '' },
					{ name: 'Provisioning (4)', value: 4 },
					{ name: 'Provisioning (5)', value: 5 },
					{ name: 'Provisioning (6)', value: 6 },
					{ name: 'Verified (Usable for Links)', value: 1 },
				],
				default: 1,
				description: 'Only domains in this status; only verified domains can carry links',
				routing: {
					send: {
						type: 'query',
						property: 'status',
						value: '={{ $value === "" ? undefined : $value }}',
					},
				},
			},
		],
	},
];
