import { type IDataObject, type INodeProperties, type INodePropertyOptions } from 'n8n-workflow';

import type { NodeRun } from '../../n8n/nodeRun';

import {
	apiPathsOption,
	createLinkFields,
	optionsCollection,
	showFor,
} from '../../fields/commonFields';
import { keepInputColumnsOption, withInputColumns } from '../../links/columns';
import { createLinkBody, FIELDS } from '../../links/linkBodies';
import { inBatches } from '../../batches/batchRun';
import { operationRun } from '../../batches/engine';
import { bulkRows } from './jsonRows';
import type { ElementBuilder } from '../../batches/ledger';
import type { RowSource } from '../../batches/rows';
import { linkPathsOf } from '../../http/endpoints';
import {
	bulkCreateOperation,
	createBatchSizeOf,
	createBatchSizeOption,
	DEFAULT_MAX_RETRIES,
} from '../../links/bulkCreate';
import {
	ifExistsOption,
	returningExisting,
	returnsExisting,
	withLinkCreated,
} from '../../links/returnExisting';
import { addQrCodes, qrCodeOptions, qrSettingsOf } from '../../qr/binaryOutput';
import { RunHints } from '../../fields/runHints';
import { wholeNumberSetting } from '../../fields/validation';
import { selfMappedColumns } from './mappingMode';

export const operation: INodePropertyOptions = {
	name: 'Create Many',
	value: 'createMany',
	description: 'Create one short link per input item, sending up to 10,000 per request',
	action: 'Create many short links',
};

export const fields: INodeProperties[] = [
	{
		displayName:
			'Each input item needs a long URL column ("longUrl", "Long URL", "long_url": any case, spaces, _ - . ignored); title, path, domain, expiredAt (or Expires), tags and the UTM columns are used when present and not blank; other columns are ignored and named in a hint',
		name: 'autoMapNoticeCreate',
		type: 'notice',
		default: '',
		displayOptions: showFor('bulk', ['createMany'], { mappingMode: ['autoMap'] }),
	},
	...createLinkFields(showFor('bulk', ['createMany'], { mappingMode: ['defineBelow'] })),
	optionsCollection(
		showFor('bulk', ['createMany']),
		apiPathsOption,
		createBatchSizeOption('Links per request; the API accepts at most 10,000'),
		ifExistsOption,
		keepInputColumnsOption,
		{
			displayName: 'Max Retries',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: DEFAULT_MAX_RETRIES,
			description:
				'How often to re-send a batch the server refused with 429 (rate limit) before giving up',
		},
		...qrCodeOptions,
	),
];

/** Bulk > Create Many: every input row becomes one element of as few bulk-create requests as the limits allow (D3, D7). */
export const run = operationRun((run) => {
	const { context, api, options, rows } = run;
	const node = context.getNode();
	const batchSize = createBatchSizeOf(context, options);
	const maxRetries = wholeNumberSetting(
		node,
		{ label: 'Max Retries', parameter: 'options.maxRetries' },
		options.maxRetries,
		DEFAULT_MAX_RETRIES,
		0,
	);
	const paths = linkPathsOf(options);
	const qrCodes = qrSettingsOf(node, options);
	const returnExisting = returnsExisting(options);
	const hints = new RunHints(rows.noun);
	const build = createElementBuilder(context, rows, hints);
	return {
		check: ({ index }, check) => build(index, check),
		...(returnExisting && {
			plan: async (checked, ledger) =>
				await returningExisting(
					api,
					checked,
					ledger,
					({ element }) => ({ longUrl: String(element.longUrl), listUrl: paths.list }),
					rows.noun,
				),
		}),
		send: inBatches(run, { ...bulkCreateOperation(paths, maxRetries), batchSize }),
		finish: async (items) => {
			const output = withLinkCreated(items, () => returnExisting);
			hints.rowsExisting(output.filter((item) => item.json.linkCreated === false).length);
			hints.addTo(context, rows.items.length);
			// QR codes first: a row's own columns (an "error" column) never decide which item is a link.
			return withInputColumns(run, await addQrCodes(context, output, () => qrCodes, 'created'));
		},
	};
}, bulkRows);

/** How each input row becomes one element of the bulk-create body. */
function createElementBuilder(context: NodeRun, rows: RowSource, hints: RunHints): ElementBuilder {
	const columns = selfMappedColumns(context, rows);
	if (columns) {
		// The fast path: the item's own fields, no expression evaluated per row.
		const { items } = rows;
		hints.add(columns.hint());
		return (row, check) =>
			createLinkBody(
				columns.linkFields(row, items[row].json, check, FIELDS.longUrl),
				columns.checkOf(row, check),
				hints.utmReplacedIn(row),
			);
	}
	return (row, check) =>
		createLinkBody(
			{
				longUrl: context.getNodeParameter('longUrl', row),
				title: context.getNodeParameter('title', row, ''),
				...(context.getNodeParameter('additionalFields', row, {}) as IDataObject),
			},
			check,
			hints.utmReplacedIn(row),
		);
}
