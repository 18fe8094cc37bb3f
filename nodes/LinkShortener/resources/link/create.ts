import {
	NodeOperationError,
	type IDataObject,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { eachRow, itemsOf } from '../../batches/eachRow';
import { operationRun } from '../../batches/engine';
import {
	apiPathsOption,
	optionsCollection,
	createLinkFields,
	showFor,
} from '../../fields/commonFields';
import { linkPath, linkPathsOf } from '../../http/endpoints';
import { CreateOnce } from '../../links/createOnce';
import { ifExistsOf, ifExistsOption } from '../../links/ifExists';
import { createLinkBody } from '../../links/linkBodies';
import { addQrCodes, qrCodeOptions, qrSettingsOf } from '../../qr/binaryOutput';

const displayOptions = showFor('link', ['create']);

/**
 * Link > Create: one POST a row. With Return Existing (D11) the run's plan looks the long URLs
 * of every valid row up together, once (`CreateOnce`): a row whose URL exists reads that link
 * by its id instead of creating one, and a row repeating a new long URL gets the link of the
 * first row that has it instead of creating another.
 */
export const run = operationRun((run) => {
	const createOnce = new CreateOnce();
	const returnExisting = (options: IDataObject) => ifExistsOf(options) === 'returnExisting';
	return {
		check: (row, check) => {
			const options = row.parameter<IDataObject>('options', {});
			const qrCodes = qrSettingsOf(row.context.getNode(), options);
			const fields = {
				longUrl: row.parameter<unknown>('longUrl', undefined),
				title: row.parameter('title', ''),
				...row.parameter<IDataObject>('additionalFields', {}),
			};
			return { body: createLinkBody(fields, check), options, qrCodes };
		},
		plan: async (rows, ledger) => {
			const asked = rows.find((row) => returnExisting(row.element.options));
			if (!asked) return rows;
			const listUrl = linkPathsOf(asked.element.options).list;
			return await createOnce.plan(run.api, listUrl, rows, ledger, ({ element }) =>
				returnExisting(element.options) ? String(element.body.longUrl) : undefined,
			);
		},
		send: eachRow(run, {
			send: async ({ body, options, qrCodes }, row) => {
				const link = createOnce.existingLink(row.index);
				const request = link
					? { method: 'GET' as const, url: linkPath(String(link.id)) }
					: { method: 'POST' as const, url: linkPathsOf(options).create, body };
				const records = await row.api.records(request, row.index);
				const links = returnExisting(options)
					? records.map((record) => ({ ...record, linkCreated: !link }))
					: records;
				if (link) return await addQrCodes(row.context, qrCodes, itemsOf(links));
				try {
					return await addQrCodes(row.context, qrCodes, itemsOf(links));
				} catch (error) {
					// The link exists: the error must say so, or running the item again creates another.
					const ids = records.map((created) => String(created.id)).join(', ');
					throw new NodeOperationError(
						row.context.getNode(),
						`Created the link ${ids}, but not its QR code: ${(error as Error).message}`,
						{
							itemIndex: row.index,
							description:
								'The link exists: running this item again would create a second one. Read it with Link > Get.',
						},
					);
				}
			},
		}),
	};
});

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
