import type {
	IDataObject,
	IDisplayOptions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { RowValidator } from '../fields/validation';
import { storedFile } from '../n8n/binaryStream';
import type { Row } from '../http/request';
import { eachRow } from '../batches/eachRow';
import type { RunStart, Send } from '../batches/engine';
import {
	fileHeader,
	fileLines,
	MIME_TYPES,
	type ExportFormat,
	type ExportSettings,
} from './exportFile';

/** Where an export's file goes and how it is written: checked before any request (D20, D21). */
export interface FileSettings extends ExportSettings {
	property: string;
	fileName: string;
}

/** What a file's chunks held once it is written. */
export interface Written {
	records: number;
	bytes: number;
}

const FIELD_NAMES = {
	format: { label: 'Format', parameter: 'format' },
	binaryPropertyName: { label: 'Put Output File in Field', parameter: 'binaryPropertyName' },
	fileName: { label: 'File Name', parameter: 'options.fileName' },
};

/**
 * A row's Format, Put Output File in Field, Escape Formulas and File Name, checked; the file is
 * named `<prefix>-<UTC date>.<format>` unless the row names it.
 */
export function fileSettingsOf(
	row: Row,
	check: RowValidator,
	prefix: string,
): Omit<FileSettings, 'fields'> {
	const format = row.parameter<string>('format', 'csv');
	if (format !== 'csv' && format !== 'jsonl') {
		check.fail(FIELD_NAMES.format, `"${String(format)}" is not a format: use csv or jsonl`);
	}
	const property = check.binaryProperty(
		row.parameter('binaryPropertyName', 'data'),
		FIELD_NAMES.binaryPropertyName,
		'data',
	);
	const options = row.parameter<IDataObject>('options', {});
	const fileName = String(options.fileName ?? '').trim();
	if (/[/\\]/.test(fileName)) {
		check.fail(FIELD_NAMES.fileName, `"${fileName}" holds a folder: give a file name only`);
	}
	return {
		format: format as ExportFormat,
		escapeFormulas: options.escapeFormulas !== false,
		property,
		fileName: fileName || `${prefix}-${new Date().toISOString().slice(0, 10)}.${format}`,
	};
}

/** The file's chunks: the header, then one a batch of records, counted; a batch that fails fails the file. */
async function* chunksOf(
	batches: AsyncIterable<IDataObject[]>,
	settings: ExportSettings,
	written: Written,
): AsyncGenerator<Buffer> {
	const header = Buffer.from(fileHeader(settings));
	written.bytes += header.length;
	if (header.length) yield header;
	for await (const records of batches) {
		const chunk = Buffer.from(fileLines(records, settings));
		written.records += records.length;
		written.bytes += chunk.length;
		if (chunk.length) yield chunk;
	}
}

/** What a row's file is made of: its records in batches, and the counts its item tells. */
export interface FileRecords {
	batches: AsyncIterable<IDataObject[]>;
	/** The item's counts once the file is written, from the records it holds (`links`, `groups`…). */
	counts(records: number): IDataObject;
}

/** How a checked row's records are read, from the server (a failed request fails the row). */
export type RecordsOf<Checked> = (checked: Checked, row: Row) => Promise<FileRecords>;

/**
 * The send of a file, one row at a time: one output item holding the file in its binary
 * property, handed to n8n as a stream while its batches are read (the node holds a batch at a
 * time), its JSON the counts, the format, the file name and the bytes once the file is written.
 */
export function toFile<Checked extends FileSettings>(
	run: RunStart,
	recordsOf: RecordsOf<Checked>,
): Send<Checked> {
	return eachRow(run, {
		// One file at a time: each may hold a whole account, its listing 8 pages in flight.
		inFlight: 1,
		send: async (checked: Checked, row: Row): Promise<INodeExecutionData[]> => {
			const { batches, counts } = await recordsOf(checked, row);
			const written = { records: 0, bytes: 0 };
			const { format, fileName, property } = checked;
			const binary = await storedFile(
				row.context,
				chunksOf(batches, checked, written),
				fileName,
				MIME_TYPES[format],
			);
			const json = { ...counts(written.records), format, fileName, bytes: written.bytes };
			return [{ json, binary: { [property]: binary } }];
		},
	});
}

/** Format and Put Output File in Field; `record` names what a row of the file is (link, group). */
export function fileFields(displayOptions: IDisplayOptions, record: string): INodeProperties[] {
	const formats: Array<{ name: string; value: ExportFormat; description: string }> = [
		{
			name: 'CSV',
			value: 'csv',
			description: `A header row, then one row per ${record} (RFC 4180)`,
		},
		{ name: 'JSON Lines', value: 'jsonl', description: `One ${record} record per line` },
	];
	return [
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
	];
}

export const escapeFormulasOption: INodeProperties = {
	displayName: 'Escape Formulas',
	name: 'escapeFormulas',
	type: 'boolean',
	default: true,
	description:
		"Whether a CSV field that begins with =, +, -, @, a tab or a carriage return gets a leading ' so that a spreadsheet never runs it as a formula (Sync Many removes it again)",
};

/** The File Name option; empty: `<prefix>-<UTC date>` (`example` shows one). */
export function fileNameOption(placeholder: string, example: string): INodeProperties {
	return {
		displayName: 'File Name',
		name: 'fileName',
		type: 'string',
		default: '',
		placeholder: `e.g. ${placeholder}`,
		description: `The name of the file; empty: ${example}`,
	};
}
