import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { NodeRun } from '../../n8n/nodeRun';

import { optionsCollection, showFor, updateLinkFields } from '../../fields/commonFields';
import { UPDATE_PARAMETERS, withLinkChanges, type UpdateFieldNames } from '../../links/linkBodies';
import { keepInputColumnsOption, withInputColumns } from '../../links/columns';
import { linkRefOf } from '../../links/linkRefs';
import { resolvingLinks } from '../../links/linkResolver';
import { RunHints } from '../../fields/runHints';
import { inBatches } from '../../batches/batchRun';
import { operationRun } from '../../batches/engine';
import { bulkRows } from './jsonRows';
import {
	BULK_UPDATE,
	sendingUpdates,
	UPDATE_BATCH_SIZE,
	UPDATE_LINK,
	type UpdateRow,
} from '../../links/bulkUpdate';
import type { RowSource } from '../../batches/rows';
import { selfMappedColumns } from './mappingMode';
import { wholeNumberSetting, type RowValidator } from '../../fields/validation';

export const operation: INodePropertyOptions = {
	name: 'Update Many',
	value: 'updateMany',
	description: 'Update one link per input item, sending many updates per request',
	action: 'Update many links',
};

export const fields: INodeProperties[] = [
	{
		displayName:
			'Each input item names its link by an ID column (the UUID; named like "ID" or "Link ID"), else a short URL column, else a path column; long URL, title, expiredAt (or Expires) and tags are updated when present and not blank (the UTM columns are added to a new long URL). Columns match in any case, with spaces, _ - . ignored; other columns are ignored and named in a hint',
		name: 'autoMapNoticeUpdate',
		type: 'notice',
		default: '',
		displayOptions: showFor('bulk', ['updateMany'], { mappingMode: ['autoMap'] }),
	},
	{
		displayName: 'Link ID',
		name: 'linkId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 3f1c6a3e-8a4b-4f4e-9a53-0f0d6a1c2b7e or https://sho.rt/spring',
		description:
			'The link to update: its UUID, its short URL or its path, usually an expression that reads it from the input item. Short URLs and paths are looked up before the first update.',
		displayOptions: showFor('bulk', ['updateMany'], { mappingMode: ['defineBelow'] }),
	},
	updateLinkFields(showFor('bulk', ['updateMany'], { mappingMode: ['defineBelow'] })),
	optionsCollection(
		showFor('bulk', ['updateMany']),
		{
			displayName: 'Batch Size',
			name: 'batchSize',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: UPDATE_BATCH_SIZE,
			description: 'Updates per request',
		},
		keepInputColumnsOption,
	),
];

/** Bulk > Update Many: every input row becomes one element of as few bulk-update requests as the batch size allows. */
export const run = operationRun((run) => {
	const { context, api, options, rows } = run;
	const batchSize = wholeNumberSetting(
		context.getNode(),
		{ label: 'Batch Size', parameter: 'options.batchSize' },
		options.batchSize,
		UPDATE_BATCH_SIZE,
		1,
	);
	const hints = new RunHints(rows.noun);
	const build = updateRowBuilder(context, rows, hints);
	return {
		check: ({ index }, check) => build(index, check),
		plan: resolvingLinks(api, UPDATE_LINK),
		send: sendingUpdates(inBatches(run, { ...BULK_UPDATE, batchSize })),
		finish: (items) => {
			hints.addTo(context, rows.items.length);
			return withInputColumns(run, items);
		},
	};
}, bulkRows);

const AUTO_MAPPED_FIELDS: UpdateFieldNames = {
	id: { label: 'ID', parameter: 'id' },
	changes: { label: 'fields to update', parameter: 'longUrl, title, expiredAt, tags' },
};

/** The columns auto-map reads a row's link from, in this order (D14). */
const LINK_COLUMNS = [
	{ label: 'ID', parameter: 'id' },
	{ label: 'shortUrl', parameter: 'shortUrl' },
	{ label: 'path', parameter: 'path' },
] as const;
const LINK_COLUMN_NAMES = LINK_COLUMNS.map((column) => column.parameter);

/** How each input row names its link and its changes; a short URL or path is looked up by the plan. */
function updateRowBuilder(
	context: NodeRun,
	rows: RowSource,
	hints: RunHints,
): (row: number, check: RowValidator) => UpdateRow {
	const columns = selfMappedColumns(context, rows);
	if (columns) {
		// The fast path: the item's own fields, no expression evaluated per row.
		const { items } = rows;
		hints.add(columns.hint());
		return (row, check) => {
			const json = items[row].json;
			const cells = columns.checkOf(row, check);
			// The first of id, shortUrl, path the row gives.
			const field = LINK_COLUMNS.find(
				(column) => columns.value(row, json, column.parameter) !== undefined,
			);
			if (!field) return columns.missing(row, LINK_COLUMN_NAMES, check, LINK_COLUMNS[0]);
			const value = columns.value(row, json, field.parameter);
			const link = linkRefOf(value, cells, field);
			const fields = columns.changes(row, json);
			const changes = withLinkChanges(
				{},
				fields,
				cells,
				AUTO_MAPPED_FIELDS,
				hints.utmReplacedIn(row),
			);
			return { link, changes };
		};
	}
	return (row, check) => {
		const link = linkRefOf(context.getNodeParameter('linkId', row), check, UPDATE_PARAMETERS.id);
		const fields = context.getNodeParameter('updateFields', row, {}) as IDataObject;
		const utm = hints.utmReplacedIn(row);
		return { link, changes: withLinkChanges({}, fields, check, UPDATE_PARAMETERS, utm) };
	};
}
