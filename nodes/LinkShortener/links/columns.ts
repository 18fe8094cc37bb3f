import {
	NodeOperationError,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeProperties,
	type NodeExecutionHint,
} from 'n8n-workflow';

import { UTM_FIELDS } from '../fields/utmFields';
import { pairedRowOf } from '../http/errorItems';
import { isErrorItem } from '../n8n/errorOutput';
import type { FieldName, RowValidator } from '../fields/validation';
import type { LinkFields, LinkUpdateFields } from './linkBodies';
import { FORMULA_START } from './exportFile';
import type { RunStart } from '../batches/engine';

/** `options.keepInputColumns` of Create Many, Update Many and Sync Many (D17). */
export const keepInputColumnsOption: INodeProperties = {
	displayName: 'Keep Input Columns',
	name: 'keepInputColumns',
	type: 'boolean',
	default: false,
	description:
		"Whether each output item also holds its input row's own columns (row_number, notes, …) beside the link's fields, so that the next node can write the short URL back to the same row",
};

/**
 * With Keep Input Columns, each output item with its row's own columns under the link's fields
 * (the link wins a clash of names). An error item on the error output is left alone: n8n adds
 * its row's columns there itself, and routes only an item holding nothing but its error.
 */
export function withInputColumns(
	{ context, options, rows: { items: rows } }: RunStart,
	items: INodeExecutionData[],
): INodeExecutionData[] {
	if (options.keepInputColumns !== true) return items;
	const errorOutput = context.getNode().onError === 'continueErrorOutput';
	return items.map((item) => {
		const row = pairedRowOf(item);
		if (row === undefined || (errorOutput && isErrorItem(item))) return item;
		return { ...item, json: { ...rows[row]?.json, ...item.json } };
	});
}

/** The columns Map Automatically reads (D17), by the name of the link field each gives. */
const COLUMN_FIELDS = [
	'id',
	'shortUrl',
	'path',
	'longUrl',
	'title',
	'domain',
	'expiredAt',
	'tags',
	...UTM_FIELDS.map(({ key }) => key),
] as const;
export type ColumnField = (typeof COLUMN_FIELDS)[number];

/** The other names people give a field's column, compared as `normalized` names. */
const ALIASES: Partial<Record<ColumnField, string[]>> = {
	id: ['linkid'],
	shortUrl: ['shortlink'],
	expiredAt: ['expires', 'expiry', 'expiresat', 'expirydate', 'expiration', 'expirationdate'],
};

/** A column name as compared: any case, without spaces, `_`, `-`, `.` or a byte-order mark. */
function normalized(name: string): string {
	return name
		.replace(/^\uFEFF/, '')
		.toLowerCase()
		.replace(/[\s_.-]+/g, '');
}

const FIELD_OF_NAME = new Map<string, ColumnField>(
	COLUMN_FIELDS.flatMap((field) =>
		[field, ...(ALIASES[field] ?? [])].map((name) => [normalized(name), field] as const),
	),
);

/** The parameter name errors give a field by (the UTM fields' differ from their column names). */
const PARAMETER_OF = new Map<string, string>(UTM_FIELDS.map(({ field, key }) => [key, field]));

/** Which column gives each field, for one set of columns. */
interface Mapping {
	columns: Partial<Record<ColumnField, string>>;
	byParameter: Record<string, string>;
	keys: string[];
}

/** A cell as a value: trimmed, one defusing `'` removed (D17, D20); a blank cell is not given. */
function given(value: unknown): unknown {
	if (typeof value === 'string') {
		const text = value.trim();
		if (text === '') return undefined;
		// A formula defused with a leading `'` by a spreadsheet or by Export (`'=…` too).
		const defused = text.startsWith("'") && FORMULA_START.test(text.slice(1));
		return defused ? text.slice(1) : text;
	}
	return value === null ? undefined : value;
}

const listed = (names: readonly string[]) =>
	names.length > 10
		? `${names.slice(0, 10).join(', ')} and ${names.length - 10} more`
		: names.join(', ');

/**
 * The columns of a run's rows under Map Automatically (D17): each distinct set of columns is
 * mapped to the link fields once, before anything is sent; two columns naming one field refuse
 * the run, naming both. Rows are then read through their set's mapping.
 */
export class AutoMapColumns {
	private readonly mappings: Mapping[] = [];
	private readonly unused = new Set<string>();

	constructor(node: INode, items: readonly INodeExecutionData[]) {
		const bySignature = new Map<string, Mapping>();
		for (const { json } of items) {
			const keys = Object.keys(json);
			const signature = keys.join('\n');
			let mapping = bySignature.get(signature);
			if (!mapping) bySignature.set(signature, (mapping = this.mapped(node, keys)));
			this.mappings.push(mapping);
		}
	}

	private mapped(node: INode, keys: string[]): Mapping {
		const columns: Mapping['columns'] = {};
		const byParameter: Mapping['byParameter'] = {};
		for (const key of keys) {
			const field = FIELD_OF_NAME.get(normalized(key));
			if (!field) {
				this.unused.add(key);
				continue;
			}
			const other = columns[field];
			if (other !== undefined) {
				throw new NodeOperationError(
					node,
					`The columns "${other}" and "${key}" both give ${field}: Map Automatically cannot tell which to use`,
					{
						description: `Rename or remove one of them (for example with an Edit Fields node before this one). Nothing was sent.`,
					},
				);
			}
			columns[field] = key;
			byParameter[PARAMETER_OF.get(field) ?? field] = key;
		}
		return { columns, byParameter, keys };
	}

	/** The row's checks, their errors naming the column a value came from. */
	checkOf(row: number, check: RowValidator): RowValidator {
		return check.inColumns(this.mappings[row].byParameter);
	}

	/** The row's value of a field, `given`. */
	value(row: number, json: IDataObject, field: ColumnField): unknown {
		const column = this.mappings[row].columns[field];
		return column === undefined ? undefined : given(json[column]);
	}

	/** The row's required value; when it has none, the error names the columns looked for and the row's own. */
	required(
		row: number,
		json: IDataObject,
		field: ColumnField,
		check: RowValidator,
		name: FieldName,
	) {
		const value = this.value(row, json, field);
		return value !== undefined ? value : this.missing(row, [field], check, name);
	}

	/** A row that gives none of the fields: the error names their blank cells, or the names looked for and the row's columns. */
	missing(
		row: number,
		fields: readonly ColumnField[],
		check: RowValidator,
		name: FieldName,
	): never {
		const { columns, keys } = this.mappings[row];
		const blank = fields.flatMap((field) => columns[field] ?? []);
		if (blank.length) {
			const cells = blank.map((column) => `"${column}"`).join(', ');
			return check.fail(name, `its ${cells} cell${blank.length > 1 ? 's are' : ' is'} blank`);
		}
		const names =
			fields.length === 1
				? `${fields[0]} (any case; spaces, "_", "-" and "." ignored, e.g. "${name.label}")`
				: `${fields.slice(0, -1).join(', ')} or ${fields[fields.length - 1]} (any case; spaces, "_", "-" and "." ignored)`;
		return check.fail(
			name,
			`no column is named like ${names}; the row's columns are ${keys.length ? listed(keys) : 'none'}`,
		);
	}

	/** The fields a link is created from (Create Many, Sync Many). */
	linkFields(row: number, json: IDataObject, check: RowValidator, longUrl: FieldName): LinkFields {
		return this.withUtm(row, json, {
			longUrl: this.required(row, json, 'longUrl', check, longUrl),
			title: this.value(row, json, 'title'),
			path: this.value(row, json, 'path'),
			domain: this.value(row, json, 'domain'),
			expiredAt: this.value(row, json, 'expiredAt'),
			tags: this.value(row, json, 'tags'),
		});
	}

	/** The fields an update changes (Update Many). */
	changes(row: number, json: IDataObject): LinkUpdateFields {
		return this.withUtm(row, json, {
			longUrl: this.value(row, json, 'longUrl'),
			title: this.value(row, json, 'title'),
			expiredAt: this.value(row, json, 'expiredAt'),
			tags: this.value(row, json, 'tags'),
		});
	}

	private withUtm<Fields extends LinkUpdateFields>(
		row: number,
		json: IDataObject,
		fields: Fields,
	): Fields {
		for (const { field, key } of UTM_FIELDS) {
			const value = this.value(row, json, key);
			if (value !== undefined) fields[field] = value;
		}
		return fields;
	}

	/** A run hint naming the columns no row used, so that a misspelt header shows at once. */
	hint(): NodeExecutionHint | undefined {
		if (this.unused.size === 0) return undefined;
		return {
			type: 'info',
			location: 'outputPane',
			message: `Map Automatically did not use these columns: ${listed([...this.unused])}. Columns are matched to the link fields by name, in any case, with spaces, "_", "-" and "." ignored.`,
		};
	}
}
