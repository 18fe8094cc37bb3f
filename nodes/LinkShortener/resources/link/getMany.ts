import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { eachRow, itemsOf } from '../../batches/eachRow';
import { operationRun } from '../../batches/engine';
import {
	apiPathsOption,
	optionsCollection,
	returnAllOrLimit,
	showFor,
} from '../../fields/commonFields';
import { hintWhenMany } from '../../fields/runHints';
import { linkPathsOf } from '../../http/endpoints';
import { filterBodyOf, linkFilters } from '../../links/linkFilters';
import { listRecords } from '../../paging/pager';
import { addQrCodes, qrCodeOptions, qrSettingsOf } from '../../qr/binaryOutput';
import type { Row } from '../../http/request';

const displayOptions = showFor('link', ['getMany']);

/** The list body of a row: its filters, and its sort when one is chosen. */
function listBodyOf(row: Row): IDataObject {
	const body = filterBodyOf(row);
	const sort = row.parameter<IDataObject>('sort', {});
	if (sort.field) body.order = { [String(sort.field)]: sort.direction || 'desc' };
	return body;
}

/** Link > Get Many: the pages of POST /v1/links/list, through the pager. */
export const run = operationRun((run) => ({
	check: (row, check) => {
		const options = row.parameter<IDataObject>('options', {});
		const qrCodes = qrSettingsOf(row.context.getNode(), options, check);
		return { body: listBodyOf(row), url: linkPathsOf(options).list, qrCodes };
	},
	send: eachRow(run, {
		send: async ({ body, url }, row) => {
			const links = await listRecords(row, { method: 'POST', url, body });
			hintWhenMany(row.context, links.length, {
				gave: 'Get Many gave',
				record: 'link',
				instead: 'For a whole account, use Link > Export to File',
			});
			return itemsOf(links);
		},
	}),
	finish: async (items, checkedOf) =>
		await addQrCodes(run.context, items, (row) => checkedOf(row)?.qrCodes, 'read'),
}));

export const operation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getMany',
	description:
		'List and search links, newest first unless sorted otherwise (as an AI agent’s tool: at most 50, with the fields a model needs)',
	action: 'Get many links',
};

export const fields: INodeProperties[] = [
	...returnAllOrLimit('link'),
	linkFilters(displayOptions),
	{
		displayName: 'Sort',
		name: 'sort',
		type: 'collection',
		placeholder: 'Add Sort',
		default: {},
		displayOptions,
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
	optionsCollection(displayOptions, apiPathsOption, ...qrCodeOptions),
];
