import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Names a field in error messages the way the user sees it in the editor. */
export interface FieldName {
	label: string;
	parameter: string;
}

/** A value that cannot be right, found before any request is sent. */
export class InvalidInputError extends NodeOperationError {
	constructor(node: INode, field: FieldName, itemIndex: number, problem: string) {
		super(node, `Invalid ${field.label} in item ${itemIndex}: ${problem}`, {
			itemIndex,
			description: `Check the "${field.label}" field (${field.parameter}) of input item ${itemIndex} (counting from 0).`,
		});
	}
}

export class RowValidator {
	constructor(
		private readonly node: INode,
		private readonly itemIndex: number,
	) {}

	fail(field: FieldName, problem: string): never {
		throw new InvalidInputError(this.node, field, this.itemIndex, problem);
	}

	httpUrl(value: unknown, field: FieldName): string {
		const text = typeof value === 'string' ? value.trim() : '';
		if (!text) this.fail(field, 'a URL is required');
		let url: URL;
		try {
			url = new URL(text);
		} catch {
			this.fail(field, `"${text}" is not an absolute URL`);
		}
		if (url.protocol !== 'http:' && url.protocol !== 'https:') {
			this.fail(field, `"${text}" must start with http:// or https://`);
		}
		return text;
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
		return names.filter((name) => name !== '').map((name) => ({ name }));
	}

	private date(value: unknown, field: FieldName): Date {
		const parsed = new Date(dateText(value));
		if (Number.isNaN(parsed.getTime())) this.fail(field, `"${String(value)}" is not a date`);
		return parsed;
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
	if (typeof value === 'string') return value.split(',').map((part) => part.trim()).filter(Boolean);
	if (value === undefined || value === null) return [];
	return [value];
}

function dateText(value: unknown): string {
	if (value instanceof Date) return value.toISOString();
	if (isObject(value) && typeof value.toISO === 'function') return String(value.toISO());
	return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function isObject(value: unknown): value is IDataObject & { toISO?: unknown } {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
