import {
	NodeOperationError,
	type IDataObject,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { itemsOf, rowOperation } from '../../batches/eachRow';
import {
	apiPathsOption,
	optionsCollection,
	createLinkFields,
	showFor,
} from '../../fields/commonFields';
import { RowValidator } from '../../fields/validation';
import { linkPath, linkPathsOf } from '../../http/endpoints';
import { sameLongUrlNotCreated } from '../../links/createOnce';
import { ifExistsOf, ifExistsOption } from '../../links/ifExists';
import { createLinkBody } from '../../links/linkBodies';
import { findLinksByLongUrl } from '../../links/linkIndex';
import { addQrCodes, qrCodeOptions, qrSettingsOf } from '../../qr/binaryOutput';
import type { Row } from '../../http/request';

const displayOptions = showFor('link', ['create']);

/**
 * Link > Create: one POST a row. With Return Existing (D11) the long URLs of every valid row
 * are looked up together, once, when the first row needs them; a row whose URL exists reads
 * that link instead of creating one. Rows are sent several at once, so a row repeating a new
 * long URL waits for the link of the first row that has it instead of creating another.
 */
export const run = rowOperation(() => {
	const node = (row: Row) => row.context.getNode();
	const longUrls: string[] = [];
	let existing: Promise<Map<string, IDataObject>> | undefined;
	const firstRows = new Map<string, { row: number; links: Promise<IDataObject[]> }>();
	const lookUp = (row: Row, listUrl: string) =>
		(existing ??= findLinksByLongUrl(row.api, listUrl, longUrls));
	return {
		check: (row) => {
			const options = row.parameter<IDataObject>('options', {});
			const qrCodes = qrSettingsOf(node(row), options);
			const fields = {
				longUrl: row.parameter<unknown>('longUrl', undefined),
				title: row.parameter('title', ''),
				...row.parameter<IDataObject>('additionalFields', {}),
			};
			const body = createLinkBody(fields, new RowValidator(node(row), row.index));
			if (ifExistsOf(options) === 'returnExisting') longUrls.push(String(body.longUrl));
			return { body, options, qrCodes };
		},
		send: async ({ body, options, qrCodes }, row, { timeout }) => {
			const paths = linkPathsOf(options);
			const returnExisting = ifExistsOf(options) === 'returnExisting';
			const longUrl = String(body.longUrl);
			const found = returnExisting ? (await lookUp(row, paths.list)).get(longUrl) : undefined;
			const first = returnExisting && !found ? firstRows.get(longUrl) : undefined;
			const request = found
				? { method: 'GET' as const, url: linkPath(String(found.id)) }
				: { method: 'POST' as const, url: paths.create, body };
			const sent = first?.links ?? row.api.records({ ...request, timeout }, row.index);
			if (returnExisting && !found && !first)
				firstRows.set(longUrl, { row: row.index, links: sent });
			const records = await sent.catch((error: unknown) => {
				if (!first) throw error;
				throw new NodeOperationError(node(row), sameLongUrlNotCreated(first.row), {
					itemIndex: row.index,
				});
			});
			const links = returnExisting
				? records.map((link) => ({ ...link, linkCreated: !found && !first }))
				: records;
			return await addQrCodes(row.context, qrCodes, itemsOf(links));
		},
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
