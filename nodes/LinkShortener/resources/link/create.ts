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
import { createOnceWays, sameLongUrlNotCreated, type CreateOnceWay } from '../../links/createOnce';
import { ifExistsOf, ifExistsOption } from '../../links/ifExists';
import { createLinkBody } from '../../links/linkBodies';
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
	const longUrls: Array<{ index: number; longUrl: string }> = [];
	let ways: Promise<Map<number, CreateOnceWay>> | undefined;
	// A leader's request, by its row: the rows repeating its long URL wait for it, whenever it leaves.
	const sentBy = new Map<
		number,
		{ sent: Promise<IDataObject[]>; start(sent: Promise<IDataObject[]>): void }
	>();
	const requestOf = (leader: number) => {
		let entry = sentBy.get(leader);
		if (!entry) {
			let start!: (sent: Promise<IDataObject[]>) => void;
			entry = { sent: new Promise((resolve) => (start = resolve)), start };
			sentBy.set(leader, entry);
		}
		return entry;
	};
	// Every row is checked before the first is sent: the first send looks up every long URL, once.
	const wayOf = async (row: Row, listUrl: string) =>
		(await (ways ??= createOnceWays(row.api, listUrl, longUrls))).get(row.index);
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
			if (ifExistsOf(options) === 'returnExisting')
				longUrls.push({ index: row.index, longUrl: String(body.longUrl) });
			return { body, options, qrCodes };
		},
		send: async ({ body, options, qrCodes }, row) => {
			const paths = linkPathsOf(options);
			const returnExisting = ifExistsOf(options) === 'returnExisting';
			const way = returnExisting ? await wayOf(row, paths.list) : undefined;
			const leader = way && 'leader' in way ? way.leader : undefined;
			const request =
				way && 'link' in way
					? { method: 'GET' as const, url: linkPath(String(way.link.id)) }
					: { method: 'POST' as const, url: paths.create, body };
			const sent =
				leader === undefined ? row.api.records(request, row.index) : requestOf(leader).sent;
			if (returnExisting && !way) requestOf(row.index).start(sent);
			const records = await sent.catch((error: unknown) => {
				if (leader === undefined) throw error;
				throw new NodeOperationError(node(row), sameLongUrlNotCreated(leader), {
					itemIndex: row.index,
				});
			});
			const links = returnExisting
				? records.map((link) => ({ ...link, linkCreated: !way }))
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
