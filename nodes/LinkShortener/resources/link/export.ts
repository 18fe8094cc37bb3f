import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { optionsCollection, showFor } from '../../fields/commonFields';
import type { RowValidator } from '../../fields/validation';
import { operationRun } from '../../batches/engine';
import { OLDEST_FIRST, LINK_PATHS } from '../../http/endpoints';
import { EXPORT_FIELDS } from '../../links/exportFile';
import {
	escapeFormulasOption,
	fileFields,
	toFile,
	fileNameOption,
	fileSettingsOf,
	type FileSettings,
} from '../../links/fileOutput';
import { filterBodyOf, linkFilters } from '../../links/linkFilters';
import { listPages, RECENT_PAGES, type Page } from '../../paging/pager';
import type { Row } from '../../http/request';

const displayOptions = showFor('link', ['export']);

const FIELDS = { label: 'Fields', parameter: 'options.fields' };

interface Checked extends FileSettings {
	body: IDataObject;
}

/** The row's export settings, checked before any request. */
function checkedOf(row: Row, check: RowValidator): Checked {
	const settings = fileSettingsOf(row, check, 'links');
	const options = row.parameter<IDataObject>('options', {});
	return {
		...settings,
		fields: options.fields === undefined ? undefined : fieldsOf(options.fields, check),
		body: { ...filterBodyOf(row), order: OLDEST_FIRST },
	};
}

function fieldsOf(value: unknown, check: RowValidator): string[] {
	const names = typeof value === 'string' ? value.split(',').map((name) => name.trim()) : value;
	if (!Array.isArray(names) || names.length === 0) {
		check.fail(FIELDS, `choose at least one of ${EXPORT_FIELDS.join(', ')}`);
	}
	const unknown = names.filter((name) => !(EXPORT_FIELDS as readonly unknown[]).includes(name));
	if (unknown.length) {
		check.fail(
			FIELDS,
			`${unknown.map((name) => `"${String(name)}"`).join(', ')} is not a link field (${EXPORT_FIELDS.join(', ')})`,
		);
	}
	return [...new Set(names as string[])];
}

/** The records of each page in turn; a page that fails fails the file. */
async function* recordsOf(pages: AsyncGenerator<Page>): AsyncGenerator<IDataObject[]> {
	for await (const page of pages) yield page.records;
}

/**
 * Link > Export (D20): every link of the filters, oldest first, as one CSV or JSON Lines file.
 * The file is handed to n8n as a stream while its pages are read, so the node holds only the
 * pages in flight and the ids of the last few (repeats come from a server ignoring `page`).
 */
export const run = operationRun((run) => ({
	check: checkedOf,
	send: toFile<Checked>(run, async (checked, row) => {
		const request = { method: 'POST' as const, url: LINK_PATHS.v1.list, body: checked.body };
		const pages = listPages(row.api, request, { pagesKept: RECENT_PAGES }, row.index);
		return { batches: recordsOf(pages), counts: (links) => ({ links }) };
	}),
}));

export const operation: INodePropertyOptions = {
	name: 'Export to File',
	value: 'export',
	description:
		'Write every link (or those of the filters) to one CSV or JSON Lines file, read oldest first; for accounts of any size',
	action: 'Export links to a file',
};

export const fields: INodeProperties[] = [
	...fileFields(displayOptions, 'link'),
	linkFilters(displayOptions),
	optionsCollection(
		displayOptions,
		escapeFormulasOption,
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'multiOptions',
			options: EXPORT_FIELDS.map((name) => ({ name, value: name })),
			default: [...EXPORT_FIELDS],
			description: 'The link fields written, in this order',
		},
		fileNameOption(
			'links.csv',
			'links- followed by the UTC date, .csv or .jsonl (links-2026-11-27.csv)',
		),
	),
];
