import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { eachRow, itemsOf } from '../../batches/eachRow';
import { operationRun } from '../../batches/engine';
import {
	apiPathsOption,
	optionsCollection,
	createLinkFields,
	showFor,
} from '../../fields/commonFields';
import { linkPathsOf } from '../../http/endpoints';
import {
	ifExistsOption,
	returningExisting,
	returnsExisting,
	withLinkCreated,
} from '../../links/returnExisting';
import { createLinkBody } from '../../links/linkBodies';
import { addQrCodes, qrCodeOptions, qrSettingsOf } from '../../qr/binaryOutput';

const displayOptions = showFor('link', ['create']);

/**
 * Link > Create: one POST a row. With Return Existing (D11) the run's plan looks the long URLs
 * of every such row up together, once: a row whose URL exists gets that link instead of
 * creating one, and a row repeating a new long URL gets the link of the first row that has it.
 */
export const run = operationRun((run) => ({
	check: (row, check) => {
		const options = row.parameter<IDataObject>('options', {});
		const qrCodes = qrSettingsOf(row.context.getNode(), options, check);
		const fields = {
			longUrl: row.parameter<unknown>('longUrl', undefined),
			title: row.parameter('title', ''),
			...row.parameter<IDataObject>('additionalFields', {}),
		};
		return { body: createLinkBody(fields, check), options, qrCodes };
	},
	plan: async (rows, ledger) =>
		await returningExisting(run.api, rows, ledger, ({ element: { body, options } }) =>
			returnsExisting(options)
				? { longUrl: String(body.longUrl), listUrl: linkPathsOf(options).list }
				: undefined,
		),
	send: eachRow(run, {
		createsLinks: true,
		send: async ({ body, options }, row) => {
			const url = linkPathsOf(options).create;
			const links = await row.api.records({ method: 'POST', url, body }, row.index);
			return itemsOf(links);
		},
	}),
	finish: async (items, checkedOf) => {
		const asked = (row: number) => returnsExisting(checkedOf(row)?.options ?? {});
		const output = withLinkCreated(items, asked);
		return await addQrCodes(run.context, output, (row) => checkedOf(row)?.qrCodes, 'created');
	},
}));

export const operation: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	description: 'Shorten a long URL into a new short link',
	action: 'Create a short link',
};

export const fields: INodeProperties[] = [
	...createLinkFields(displayOptions),
	optionsCollection(displayOptions, apiPathsOption, ifExistsOption, ...qrCodeOptions),
];
