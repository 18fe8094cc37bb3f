import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { eachRow, itemsOf } from '../../batches/eachRow';
import { operationRun } from '../../batches/engine';
import { returnAllOrLimit, showFor } from '../../fields/commonFields';
import { DOMAINS_PATH } from '../../http/endpoints';
import { listRecords } from '../../paging/pager';

/** Domain > Get Many: the pages of GET /v1/domains, through the pager. */
export const run = operationRun<IDataObject>((run) => ({
	check: (row) => {
		const { status = '' } = row.parameter<IDataObject>('filters', {});
		return status === '' ? {} : { status };
	},
	send: eachRow(run, {
		send: async (qs, row) =>
			itemsOf(await listRecords(row, { method: 'GET', url: DOMAINS_PATH, qs })),
	}),
}));

export const operation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getMany',
	description: 'List the domains of the account',
	action: 'Get many domains',
};

export const fields: INodeProperties[] = [
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
			},
		],
	},
];
