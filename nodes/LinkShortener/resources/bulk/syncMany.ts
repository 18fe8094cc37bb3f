import type {
	IDataObject,
	INodeExecutionData,
	INodeProperties,
	NodeExecutionHint,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { NodeRun } from '../../n8n/nodeRun';

import { inBatches } from '../../batches/batchRun';
import { operationRun } from '../../batches/engine';
import { bulkRows } from './jsonRows';
import type { ElementBuilder } from '../../batches/ledger';
import type { RowSource } from '../../batches/rows';
import { pairedRowOf } from '../../http/errorItems';
import { isErrorItem } from '../../n8n/errorOutput';
import { LINK_FIELDS, optionsCollection, showFor } from '../../fields/commonFields';
import { RunHints } from '../../fields/runHints';
import type { RowValidator } from '../../fields/validation';
import { LINK_PATHS } from '../../http/endpoints';
import {
	bulkCreateOperation,
	createBatchSizeOf,
	createBatchSizeOption,
	DEFAULT_MAX_RETRIES,
} from '../../links/bulkCreate';
import { BULK_UPDATE, UPDATE_BATCH_SIZE } from '../../links/bulkUpdate';
import { AutoMapColumns, keepInputColumnsOption, withInputColumns } from '../../links/columns';
import { createLinkBody, FIELDS, type LinkFields } from '../../links/linkBodies';
import { linkRefOf } from '../../links/linkRefs';
import { SyncPlan, type MatchBy, type RowPlan } from '../../links/syncPlan';
import { selfMappedColumns } from './mappingMode';

const displayOptions = showFor('bulk', ['syncMany']);
const LINK_REF = { label: 'Short URL or Path', parameter: 'linkRef' };

export const operation: INodePropertyOptions = {
	name: 'Sync Many',
	value: 'syncMany',
	description:
		'Make the account mirror the input items: create the missing links, update the ones that differ, leave equal ones alone',
	action: 'Sync many links',
};

export const fields: INodeProperties[] = [
	{
		displayName: 'Match By',
		name: 'matchBy',
		type: 'options',
		noDataExpression: true,
		description: 'How each input item finds the link it stands for',
		options: [
			{
				name: 'Short URL or Path',
				value: 'path',
				description:
					'Each row names its link by its short URL, or by its path (with its domain when given)',
			},
			{
				name: 'Long URL',
				value: 'longUrl',
				description: 'Each row is the newest link with the same long URL (after UTM parameters)',
			},
		],
		default: 'path',
		displayOptions,
	},
	{
		displayName:
			'Each input item needs a long URL column ("Long URL", "longUrl": any case, spaces, _ - . ignored), and a short URL or path column when matching by short URL or path; title, domain, expiredAt (or Expires), tags and the UTM columns are used when present and not blank',
		name: 'autoMapNoticeSync',
		type: 'notice',
		default: '',
		displayOptions: showFor('bulk', ['syncMany'], { mappingMode: ['autoMap'] }),
	},
	{
		...LINK_FIELDS.longUrl,
		required: true,
		displayOptions: showFor('bulk', ['syncMany'], { mappingMode: ['defineBelow'] }),
	},
	{
		displayName: 'Short URL or Path',
		name: 'linkRef',
		type: 'string',
		default: '',
		placeholder: 'https://sho.rt/spring or spring',
		description:
			'The link this row is: its short URL, or its path. Leave empty when matching by long URL.',
		displayOptions: showFor('bulk', ['syncMany'], {
			mappingMode: ['defineBelow'],
			matchBy: ['path'],
		}),
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor('bulk', ['syncMany'], { mappingMode: ['defineBelow'] }),
		options: [
			LINK_FIELDS.domain,
			LINK_FIELDS.expiredAt,
			LINK_FIELDS.tags,
			LINK_FIELDS.title,
			...LINK_FIELDS.utm,
		],
	},
	optionsCollection(
		displayOptions,
		createBatchSizeOption('Links per create request; updates go 1,000 per request'),
		{
			displayName: 'Dry Run',
			name: 'dryRun',
			type: 'boolean',
			default: false,
			description:
				'Whether to only say what would be created, updated or left unchanged, without a single write',
		},
		keepInputColumnsOption,
	),
];

/**
 * Bulk > Sync Many (D15): the account mirrors the rows, in one run. Its plan looks every row's
 * link up and settles the equal rows (they cost no request); the send creates the rows without
 * a link, then updates the rows whose link differs (only the differing fields). Each item is
 * the link plus `syncAction` and `changedFields`.
 */
export const run = operationRun((run) => {
	const { context, api, options, rows } = run;
	const matchBy = context.getNodeParameter('matchBy', 0, 'path') === 'longUrl' ? 'longUrl' : 'path';
	const dryRun = options.dryRun === true;
	const plan = new SyncPlan(api, matchBy, dryRun, rows.noun);
	const hints = new RunHints(rows.noun);
	// Map Automatically: every row's columns read before anything is sent (D17).
	const columns = selfMappedColumns(context, rows);
	const batchSize = createBatchSizeOf(context, options);
	const build = syncElementBuilder(context, rows, { matchBy, plan, columns, hints });
	return {
		check: ({ index }, check) => build(index, check),
		plan: async (checked, ledger) => await plan.rowsToSend(checked, ledger),
		send: inBatches(
			run,
			{
				...bulkCreateOperation(LINK_PATHS.v1, DEFAULT_MAX_RETRIES),
				runName: 'Sync',
				batchSize,
				takes: (row) => !plan.updates(row),
			},
			{
				...BULK_UPDATE,
				runName: 'Sync update',
				batchSize: UPDATE_BATCH_SIZE,
				takes: (row) => plan.updates(row),
			},
		),
		finish: (items) => {
			const output = items.map((item) => withAction(item, plan.plans.get(pairedRowOf(item) ?? -1)));
			// What the run did first, then what Create Many says too (UTM keys replaced, unused columns).
			context.addExecutionHints(syncHint(plan, dryRun));
			hints.add(columns?.hint());
			hints.addTo(context, rows.items.length);
			return withInputColumns(run, output);
		},
	};
}, bulkRows);

interface SyncBuild {
	matchBy: MatchBy;
	plan: SyncPlan;
	columns: AutoMapColumns | undefined;
	hints: RunHints;
}

/** How each row becomes its create element (checked before anything is sent), its link reference recorded. */
function syncElementBuilder(
	context: NodeRun,
	{ items }: RowSource,
	{ matchBy, plan, columns, hints }: SyncBuild,
): ElementBuilder {
	if (columns) {
		return (row, check) => {
			const json = items[row].json;
			const cells = columns.checkOf(row, check);
			const fields = columns.linkFields(row, json, check, FIELDS.longUrl);
			const element = createLinkBody(fields, cells, hints.utmReplacedIn(row));
			if (matchBy === 'path') {
				const shortUrl = columns.value(row, json, 'shortUrl');
				const path = columns.value(row, json, 'path');
				if (shortUrl === undefined && path === undefined)
					columns.missing(row, ['shortUrl', 'path'], check, SHORT_URL_OR_PATH);
				plan.refs.set(row, refOf({ shortUrl, path } as IDataObject, cells));
			}
			return element;
		};
	}
	return (row, check) => {
		const fields: LinkFields = {
			longUrl: context.getNodeParameter('longUrl', row),
			...(context.getNodeParameter('additionalFields', row, {}) as IDataObject),
		};
		const element = createLinkBody(fields, check, hints.utmReplacedIn(row));
		if (matchBy === 'path')
			plan.refs.set(row, refOf({ linkRef: context.getNodeParameter('linkRef', row, '') }, check));
		return element;
	};
}

const SHORT_URL_OR_PATH = { label: 'shortUrl or path', parameter: 'shortUrl' };

function refOf(source: IDataObject, check: RowValidator) {
	const value = source.linkRef ?? source.shortUrl ?? source.path;
	const field =
		source.linkRef !== undefined
			? LINK_REF
			: { ...SHORT_URL_OR_PATH, parameter: source.shortUrl !== undefined ? 'shortUrl' : 'path' };
	const ref = linkRefOf(value, check, field);
	if (ref.kind === 'id')
		check.fail(field, 'Sync Many matches by short URL or path: give one, not a link ID');
	return ref;
}

function withAction(item: INodeExecutionData, plan: RowPlan | undefined): INodeExecutionData {
	if (!plan || isErrorItem(item)) return item;
	return {
		...item,
		json: { ...item.json, syncAction: plan.action, changedFields: plan.changedFields },
	};
}

function syncHint(plan: SyncPlan, dryRun: boolean): NodeExecutionHint {
	const counts = `${plan.count('created').toLocaleString('en-US')} created, ${plan.count('updated').toLocaleString('en-US')} updated, ${plan.count('unchanged').toLocaleString('en-US')} unchanged`;
	return {
		type: 'info',
		location: 'outputPane',
		message: dryRun ? `Dry run, nothing written: ${counts} if synced.` : counts,
	};
}
