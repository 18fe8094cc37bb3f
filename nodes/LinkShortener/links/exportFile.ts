import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../fields/jsonValues';
import { LINK_RECORD_FIELDS } from '../http/records';

/** The fields an export writes unless told otherwise, in this order (D20). */
export const EXPORT_FIELDS = LINK_RECORD_FIELDS;

export type ExportFormat = 'csv' | 'jsonl';

export interface ExportSettings {
	format: ExportFormat;
	/** The fields written, in this order; undefined: every field (JSON Lines: the record as the API gave it). */
	fields?: string[];
	escapeFormulas: boolean;
}

export const MIME_TYPES: Record<ExportFormat, string> = {
	csv: 'text/csv',
	jsonl: 'application/x-ndjson',
};

/**
 * What a spreadsheet runs as a formula (OWASP's CSV injection): such a field gets a leading
 * `'`. So does one that already starts with `'` before such a character: Sync Many removes
 * one `'` (D17), and the text must come back as it was.
 */
export const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A field's text: null as empty, tags as their names joined by ", " (the form Sync Many reads). */
function textOf(value: unknown, field: string): string {
	if (value === null || value === undefined) return '';
	if (field === 'tags' && Array.isArray(value)) {
		return value.map((tag) => (isObject(tag) && 'name' in tag ? tag.name : tag)).join(', ');
	}
	return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** One CSV field as RFC 4180 writes it. */
function csvField(value: unknown, field: string, escapeFormulas: boolean): string {
	let text = textOf(value, field);
	if (escapeFormulas && FORMULA_START.test(text)) text = `'${text}`;
	return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file's first bytes: the CSV header row; nothing for JSON Lines. */
export function fileHeader({ format, fields }: ExportSettings): string {
	return format === 'csv' ? `${(fields ?? EXPORT_FIELDS).join(',')}\r\n` : '';
}

/** Records as the file's next lines: CSV rows ending in CRLF, or one JSON object a line. */
export function fileLines(records: IDataObject[], settings: ExportSettings): string {
	const { format, fields, escapeFormulas } = settings;
	let text = '';
	for (const record of records) {
		if (format === 'jsonl') {
			const picked = fields
				? Object.fromEntries(fields.map((f) => [f, record[f] ?? null]))
				: record;
			text += `${JSON.stringify(picked)}\n`;
		} else {
			const row = (fields ?? EXPORT_FIELDS).map((f) => csvField(record[f], f, escapeFormulas));
			text += `${row.join(',')}\r\n`;
		}
	}
	return text;
}
