import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { rowOperation } from '../../batches/eachRow';
import { optionsCollection, showFor } from '../../fields/commonFields';
import { BINARY_PROPERTY_NAME, RowValidator } from '../../fields/validation';
import { OLDEST_FIRST, LINK_PATHS } from '../../http/endpoints';
import {
	EXPORT_FIELDS,
	fileHeader,
	fileLines,
	MIME_TYPES,
	type ExportFormat,
	type ExportSettings,
} from '../../links/exportFile';
import { filterBodyOf, linkFilters } from '../../links/linkFilters';
import { binaryStreamOf } from '../../n8n/binaryStream';
import { listPages, RECENT_PAGES, type Page } from '../../paging/pager';
import type { Row } from '../../http/request';

const displayOptions = showFor('link', ['export']);

const FIELD_NAMES = {
	format: { label: 'Format', parameter: 'format' },
	binaryPropertyName: { label: 'Put Output File in Field', parameter: 'binaryPropertyName' },
	fields: { label: 'Fields', parameter: 'options.fields' },
	fileName: { label: 'File Name', parameter: 'options.fileName' },
};

interface Checked extends ExportSettings {
	body: IDataObject;
	property: string;
	fileName: string;
}

/** The row's export settings, checked before any request. */
function checkedOf(row: Row): Checked {
	const check = new RowValidator(row.context.getNode(), row.index);
	const format = row.parameter<string>('format', 'csv');
	if (format !== 'csv' && format !== 'jsonl') {
		check.fail(FIELD_NAMES.format, `"${String(format)}" is not a format: use csv or jsonl`);
	}
	const property = String(row.parameter('binaryPropertyName', 'data')).trim();
	if (!BINARY_PROPERTY_NAME.test(property)) {
		check.fail(
			FIELD_NAMES.binaryPropertyName,
			`"${property}" is not a binary property name: use letters, digits, "_" or "-", starting with a letter, for example data`,
		);
	}
	const options = row.parameter<IDataObject>('options', {});
	const fileName = String(options.fileName ?? '').trim();
	if (/[/\\]/.test(fileName)) {
		check.fail(FIELD_NAMES.fileName, `"${fileName}" holds a folder: give a file name only`);
	}
	return {
		format: format as ExportFormat,
		fields: options.fields === undefined ? undefined : fieldsOf(options.fields, check),
		escapeFormulas: options.escapeFormulas !== false,
		body: { ...filterBodyOf(row), order: OLDEST_FIRST },
		property,
		fileName: fileName || `links-${new Date().toISOString().slice(0, 10)}.${format}`,
	};
}

function fieldsOf(value: unknown, check: RowValidator): string[] {
	const names = typeof value === 'string' ? value.split(',').map((name) => name.trim()) : value;
	if (!Array.isArray(names) || names.length === 0) {
		check.fail(FIELD_NAMES.fields, `choose at least one of ${EXPORT_FIELDS.join(', ')}`);
	}
	const unknown = names.filter((name) => !(EXPORT_FIELDS as readonly unknown[]).includes(name));
	if (unknown.length) {
		check.fail(
			FIELD_NAMES.fields,
			`${unknown.map((name) => `"${String(name)}"`).join(', ')} is not a link field (${EXPORT_FIELDS.join(', ')})`,
		);
	}
	return [...new Set(names as string[])];
}

/** The file's chunks, a page each, counting what they hold; a page that fails fails the file. */
async function* chunksOf(
	pages: AsyncGenerator<Page>,
	settings: ExportSettings,
	written: { links: number; bytes: number },
): AsyncGenerator<Buffer> {
	const header = Buffer.from(fileHeader(settings));
	written.bytes += header.length;
	if (header.length) yield header;
	for await (const page of pages) {
		const chunk = Buffer.from(fileLines(page.records, settings));
		written.links += page.records.length;
		written.bytes += chunk.length;
		if (chunk.length) yield chunk;
	}
}

/**
 * Link > Export (D20): every link of the filters, oldest first, as one CSV or JSON Lines file.
 * The file is handed to n8n as a stream while its pages are read, so the node holds only the
 * pages in flight and the ids of the last few (repeats come from a server ignoring `page`).
 */
export const run = rowOperation(() => ({
	check: checkedOf,
	send: async (checked, row) => {
		const request = { method: 'POST' as const, url: LINK_PATHS.v1.list, body: checked.body };
		const pages = listPages(row.api, request, { pagesKept: RECENT_PAGES }, row.index);
		const written = { links: 0, bytes: 0 };
		const binary = await row.context.helpers.prepareBinaryData(
			binaryStreamOf(chunksOf(pages, checked, written)),
			checked.fileName,
			MIME_TYPES[checked.format],
		);
		const { format, fileName, property } = checked;
		const json = { links: written.links, format, fileName, bytes: written.bytes };
		return [{ json, binary: { [property]: binary } }];
	},
}));

export const operation: INodePropertyOptions = {
	name: 'Export to File',
	value: 'export',
	description:
		'Write every link (or those of the filters) to one CSV or JSON Lines file, read oldest first; for accounts of any size',
	action: 'Export links to a file',
};

const formats: Array<{ name: string; value: ExportFormat; description: string }> = [
	{ name: 'CSV', value: 'csv', description: 'A header row, then one row per link (RFC 4180)' },
	{ name: 'JSON Lines', value: 'jsonl', description: 'One link record per line' },
];

export const fields: INodeProperties[] = [
	{
		displayName: 'Format',
		name: 'format',
		type: 'options',
		options: formats,
		default: 'csv',
		description: 'The kind of file to write',
		displayOptions,
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		displayOptions,
		description: 'The name of the output binary field to put the file in',
	},
	linkFilters(displayOptions),
	optionsCollection(
		displayOptions,
		{
			displayName: 'Escape Formulas',
			name: 'escapeFormulas',
			type: 'boolean',
			default: true,
			description:
				"Whether a CSV field that begins with =, +, -, @, a tab or a carriage return gets a leading ' so that a spreadsheet never runs it as a formula (Sync Many removes it again)",
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'multiOptions',
			options: EXPORT_FIELDS.map((name) => ({ name, value: name })),
			default: [...EXPORT_FIELDS],
			description: 'The link fields written, in this order',
		},
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			default: '',
			placeholder: 'e.g. links.csv',
			description:
				'The name of the file; empty: links- followed by the UTC date, .csv or .jsonl (links-2026-11-27.csv)',
		},
	),
];
