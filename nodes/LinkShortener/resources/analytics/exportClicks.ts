import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { optionsCollection, showFor } from '../../fields/commonFields';
import type { RowValidator } from '../../fields/validation';
import { operationRun } from '../../batches/engine';
import { resolvingLinks } from '../../links/linkResolver';
import { CLICK_COLUMNS, clickRowsOf, LINK_DETAIL_COLUMNS } from '../../links/clickRows';
import {
	escapeFormulasOption,
	fileFields,
	toFile,
	fileNameOption,
	fileSettingsOf,
	type FileSettings,
} from '../../links/fileOutput';
import type { Row } from '../../http/request';
import {
	CLICK_LINK,
	clickRequestOf,
	linkDetailsOption,
	sentClickRequest,
	type ClickRequest,
} from './clickRequest';

const displayOptions = showFor('analytics', ['exportClicks']);

interface Checked extends FileSettings {
	request: ClickRequest;
	linkDetails: boolean;
}

/** The row's request and file settings, checked before any request; Link Details only with Group By: Link. */
function checkedOf(row: Row, check: RowValidator): Checked {
	const request = clickRequestOf(row, check, { listedOnly: true });
	const settings = fileSettingsOf(row, check, `clicks-${request.groupBy}`);
	const options = row.parameter<IDataObject>('options', {});
	const linkDetails = options.linkDetails === true && request.groupBy === 'link';
	const fields = linkDetails ? [...CLICK_COLUMNS, ...LINK_DETAIL_COLUMNS] : CLICK_COLUMNS;
	return { ...settings, fields, request, linkDetails };
}

/**
 * Analytics > Export Clicks (D21): the groups of one analytics request as one CSV or JSON Lines
 * file. The answer is read as it arrives, keeping each group's count; an answer that fails
 * fails the row before any file. With Link Details the account is listed oldest first while
 * the file is written, and a page that fails fails the file.
 */
export const run = operationRun((run) => ({
	check: checkedOf,
	plan: resolvingLinks<Checked>(run.api, {
		refOf: ({ request }) => CLICK_LINK.refOf(request),
		withId: (checked, id) => ({ ...checked, request: CLICK_LINK.withId(checked.request, id) }),
	}),
	send: toFile<Checked>(run, async (checked, row) => {
		const { groupBy } = checked.request;
		const place = { api: row.api, groupBy, itemIndex: row.index };
		const rows = await clickRowsOf(place, sentClickRequest(checked.request), checked.linkDetails);
		return { batches: rows.batches, counts: (groups) => ({ groups, clicks: rows.clicks }) };
	}),
}));

export const operation: INodePropertyOptions = {
	name: 'Export Clicks to File',
	value: 'exportClicks',
	description:
		'Write the click counts grouped by a dimension to one CSV or JSON Lines file, one row per group; for any number of groups',
	action: 'Export clicks to a file',
};

export const fields: INodeProperties[] = [
	...fileFields(displayOptions, 'group'),
	optionsCollection(
		displayOptions,
		escapeFormulasOption,
		fileNameOption(
			'clicks.csv',
			'clicks-, the Group By, the UTC date, then .csv or .jsonl (clicks-link-2026-11-27.csv)',
		),
		linkDetailsOption(
			'read from one listing of the account while the file is written; the rows then come in the order the links were created, oldest first',
		),
	),
];
