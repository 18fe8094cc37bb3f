import { NodeOperationError, type INode } from 'n8n-workflow';

import { isObject } from './jsonValues';

/** A UUID, in either case: what a link ID is. */
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const UUID_PATTERN = new RegExp(`^${UUID}$`);

/** The same UUID as the editor checks a field (a regex as text, spaces around it allowed). */
export const UUID_FIELD_REGEX = `^\\s*${UUID}\\s*$`;

/**
 * The common long URL, accepted without building a URL (100,000-row bulk runs spent 0.1 s in
 * `new URL`): http(s), a host of letters, digits and hyphens whose last label starts with a
 * letter (never read as an IPv4 address) and no label starts with xn-- (Punycode, which the URL
 * parser checks), a port of at most 4 digits, then no whitespace or backslash. The URL parser
 * accepts every such text; anything else goes through it.
 */
const PLAIN_HTTP_URL =
	/^https?:\/\/(?:(?!xn--)[a-z0-9-]+\.)*(?!xn--)[a-z][a-z0-9-]*(?::\d{1,4})?(?:[/?#][^\s\\]*)?$/i;

/** A binary property name as n8n's expressions reach it (`$binary.data`). */
const BINARY_PROPERTY_NAME = /^[A-Za-z_$][\w$-]*$/;

/** Names a field in error messages the way the user sees it in the editor. */
export interface FieldName {
	label: string;
	parameter: string;
}

/** A value that cannot be right, found before any request is sent. */
class InvalidInputError extends NodeOperationError {
	constructor(
		node: INode,
		field: FieldName,
		itemIndex: number,
		problem: string,
		column: string | undefined,
		listPlace: string | undefined,
	) {
		super(
			node,
			`Invalid ${field.label} in ${listPlace ?? `item ${itemIndex}`}${whereIn(field, column, listPlace)}: ${problem}`,
			{
				itemIndex,
				description: listPlace
					? `Check "${column ?? field.parameter}" in ${listPlace} of the Rows list.`
					: column === undefined
						? `Check the "${field.label}" field (${field.parameter}) of input item ${itemIndex} (counting from 0).`
						: `Check the "${column}" column of input item ${itemIndex} (counting from 0).`,
			},
		);
	}
}

/**
 * A setting of the whole run (an option read once, a JSON list) that cannot be right: the run
 * cannot go on, so it fails before any request. Under On Error: Continue every row gets its
 * error item with the same outcome, whatever the operation (`operationRun`).
 */
export function invalidSetting(
	node: INode,
	setting: FieldName,
	problem: string,
	{ item, advice }: { item?: number; advice?: string } = {},
): NodeOperationError {
	const where = item === undefined ? '' : ` in item ${item}`;
	return new NodeOperationError(
		node,
		`Invalid ${setting.label} (${setting.parameter})${where}: ${problem}`,
		{
			...(item !== undefined && { itemIndex: item }),
			description: `${advice ?? `"${setting.label}" applies to the whole run.`} Nothing was sent.`,
		},
	);
}

/**
 * A whole-number setting of the run (or of the trigger: `advice`): `fallback` when left empty;
 * refused when not whole, below `minimum` or above `maximum`.
 */
export function wholeNumberSetting(
	node: INode,
	setting: FieldName,
	value: unknown,
	fallback: number,
	minimum: number,
	{ maximum = Infinity, advice }: { maximum?: number; advice?: string } = {},
): number {
	if (value === undefined || value === null || value === '') return fallback;
	const number = Number(value);
	if (Number.isInteger(number) && number >= minimum && number <= maximum) return number;
	const range = maximum === Infinity ? `of at least ${minimum}` : `from ${minimum} to ${maximum}`;
	const problem = `${String(value)} is not a whole number ${range}`;
	throw invalidSetting(node, setting, problem, { advice });
}

function whereIn(field: FieldName, column: string | undefined, listPlace: string | undefined) {
	if (column === undefined || column === field.label) return '';
	return listPlace ? ` ("${column}")` : ` (column "${column}")`;
}

/** The column each field was read from, by the field's parameter name (Map Automatically). */
export type ColumnsByParameter = Readonly<Record<string, string | undefined>>;

export class RowValidator {
	constructor(
		private readonly node: INode,
		/** Undefined for a setting of the node that no input item holds (the trigger's). */
		private readonly itemIndex: number | undefined,
		private readonly columns?: ColumnsByParameter,
		/** Where the row sits when it is an element of a JSON list ("rows[3]"), not an input item. */
		private readonly listPlace?: string,
	) {}

	/** The same checks, their errors naming the column a field was read from. */
	inColumns(columns: ColumnsByParameter): RowValidator {
		return new RowValidator(this.node, this.itemIndex, columns, this.listPlace);
	}

	/** The same checks for the node's own settings (the trigger's): errors name the setting only. */
	static ofSettings(node: INode): RowValidator {
		return new RowValidator(node, undefined);
	}

	fail(field: FieldName, problem: string): never {
		if (this.itemIndex === undefined)
			throw invalidSetting(this.node, field, problem, {
				advice: `Check the "${field.label}" field.`,
			});
		const column = this.columns?.[field.parameter];
		throw new InvalidInputError(this.node, field, this.itemIndex, problem, column, this.listPlace);
	}

	httpUrl(value: unknown, field: FieldName): string {
		const text = typeof value === 'string' ? value.trim() : '';
		if (!text) this.fail(field, 'a URL is required');
		if (PLAIN_HTTP_URL.test(text) || absoluteHttpUrl(text)) return text;
		let protocol = '';
		try {
			protocol = new URL(text).protocol;
		} catch {
			this.fail(field, `"${text}" is not an absolute URL`);
		}
		if (protocol !== 'http:' && protocol !== 'https:') {
			this.fail(field, `"${text}" must start with http:// or https://`);
		}
		return this.fail(
			field,
			`"${text}" is not an absolute URL: write it as http://host/… or https://host/…`,
		);
	}

	/** A text field (title, path): text or a number; an object or a list is refused, not sent as "[object Object]". */
	text(value: unknown, field: FieldName): string {
		if (typeof value === 'string') return value;
		if (typeof value === 'number' && Number.isFinite(value)) return String(value);
		return this.fail(
			field,
			`it must be text, not ${Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : typeof value}`,
		);
	}

	/** The name of the binary property an output item holds a file in; `example` is the field's default. */
	binaryProperty(value: unknown, field: FieldName, example: string): string {
		const name = String(value ?? '').trim();
		if (!BINARY_PROPERTY_NAME.test(name)) {
			this.fail(
				field,
				`"${name}" is not a binary property name: use letters, digits, "_", "$" or "-", not starting with a digit or "-", for example ${example}`,
			);
		}
		return name;
	}

	uuid(value: unknown, field: FieldName): string {
		const text = typeof value === 'string' ? value.trim() : '';
		if (!UUID_PATTERN.test(text)) this.fail(field, `"${String(value ?? '')}" is not a UUID`);
		return text;
	}

	uuidList(value: unknown, field: FieldName): string[] {
		return listOf(value).map((id) => this.uuid(id, field));
	}

	/** Any date n8n accepts, as an ISO 8601 timestamp. */
	timestamp(value: unknown, field: FieldName): string {
		return this.date(value, field).toISOString();
	}

	/** Any date n8n accepts, as YYYY-MM-DD. */
	day(value: unknown, field: FieldName): string {
		return this.date(value, field).toISOString().slice(0, 10);
	}

	tags(value: unknown, field: FieldName): Array<{ name: string }> {
		const names = listOf(value).map((tag) => {
			if (typeof tag === 'string') return tag.trim();
			if (isObject(tag) && typeof tag.name === 'string') return tag.name.trim();
			return this.fail(field, 'use a comma-separated text or a list of tag names');
		});
		const named = names.filter((name) => name !== '');
		if (named.length === 0) {
			this.fail(
				field,
				`"${String(value)}" holds no tag name; leave the field empty to keep the link's tags`,
			);
		}
		return named.map((name) => ({ name }));
	}

	/**
	 * D8: an ISO 8601 date or date-time, or an n8n/JS date value (Date, Luxon DateTime). Anything
	 * else is refused, not guessed: JS reads "Product 5" as May 2001 and "2024-02-30" as March 1st.
	 */
	private date(value: unknown, field: FieldName): Date {
		const parsed = parseDate(value);
		if (!parsed) this.fail(field, `"${String(value)}" is not a date: ${DATE_FORMS}`);
		return parsed;
	}
}

/**
 * An absolute http(s) URL as D8 reads URLs, or undefined. WHATWG URL reads "http:example.com"
 * as http://example.com/; the server does not, so the text itself must start with a host.
 */
export function absoluteHttpUrl(text: string): URL | undefined {
	if (!/^https?:\/\/[^/\\?#\s]/i.test(text)) return undefined;
	try {
		const url = new URL(text);
		return url.hostname ? url : undefined;
	} catch {
		return undefined;
	}
}

export function isUuid(text: string): boolean {
	return UUID_PATTERN.test(text);
}

/** Values the user left empty are not sent. */
export function isSet(value: unknown): boolean {
	if (value === undefined || value === null || value === '') return false;
	if (Array.isArray(value)) return value.length > 0;
	return true;
}

function listOf(value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	if (typeof value === 'string')
		return value
			.split(',')
			.map((part) => part.trim())
			.filter(Boolean);
	if (value === undefined || value === null) return [];
	return [value];
}

/** What a date may be, for error messages (D8, D17). */
const DATE_FORMS =
	'give an ISO date such as 2027-01-31, or a date-time such as 2027-01-31T09:30:00, with Z or an offset such as +02:00 for a time zone';

const ISO_8601 =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

function parseDate(value: unknown): Date | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
	if (isObject(value) && typeof value.toISO === 'function') return parseDate(String(value.toISO()));
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	const parts = ISO_8601.exec(text);
	if (!parts) return undefined;
	const [year, month, day, hour = 0, minute = 0, second = 0] = parts
		.slice(1, 7)
		.map((part) => Number(part ?? 0));
	const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
	if (
		month < 1 ||
		month > 12 ||
		day < 1 ||
		day > daysInMonth ||
		hour > 23 ||
		minute > 59 ||
		second > 59
	)
		return undefined;
	const parsed = new Date(text);
	return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}
