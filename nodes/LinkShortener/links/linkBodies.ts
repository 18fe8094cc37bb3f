import type { IDataObject } from 'n8n-workflow';

import type { UtmValues } from '../fields/utmFields';
import { withUtm } from './utm';
import { isSet, type FieldName, type RowValidator } from '../fields/validation';

export const FIELDS = {
	id: { label: 'Link ID', parameter: 'linkId' },
	longUrl: { label: 'Long URL', parameter: 'longUrl' },
	title: { label: 'Title', parameter: 'title' },
	domain: { label: 'Domain', parameter: 'domain' },
	path: { label: 'Custom Path', parameter: 'path' },
	expiredAt: { label: 'Expires At', parameter: 'expiredAt' },
	tags: { label: 'Tags', parameter: 'tags' },
	extraFields: { label: 'Extra Body Fields (JSON)', parameter: 'extraFields' },
} satisfies Record<string, FieldName>;

/** The fields a link is created from, whether they come from parameters or from an input item. */
export interface LinkFields extends UtmValues {
	longUrl?: unknown;
	title?: unknown;
	domain?: unknown;
	path?: unknown;
	expiredAt?: unknown;
	tags?: unknown;
	extraFields?: unknown;
}

export type LinkUpdateFields = Pick<
	LinkFields,
	'longUrl' | 'title' | 'expiredAt' | 'tags' | keyof UtmValues
>;

/** The long URL, checked, with the UTM fields added to its query (D12): the one place this happens. */
function taggedLongUrl(fields: LinkFields, check: RowValidator, onUtmReplaced?: UtmReport): string {
	const longUrl = check.httpUrl(fields.longUrl, FIELDS.longUrl);
	const tagged = withUtm(longUrl, fields, check);
	if (tagged.replaced.length) onUtmReplaced?.(tagged.replaced);
	return tagged.url;
}

/** Told the utm_* keys of the long URL that the UTM fields replaced, for a hint. */
export type UtmReport = (replacedKeys: readonly string[]) => void;

/** The body of POST /v1/links/ and one element of a bulk create: only the fields that are set. */
export function createLinkBody(
	fields: LinkFields,
	check: RowValidator,
	onUtmReplaced?: UtmReport,
): IDataObject {
	const extra = isSet(fields.extraFields) ? extraFieldsOf(fields.extraFields, check) : undefined;
	const longUrl = taggedLongUrl(fields, check, onUtmReplaced);
	// One literal, not properties added to a `{}`: in n8n's process that costs 10 times more
	// (docs/performance.md, Create Many of 100,000 rows in real n8n).
	const body: IDataObject = isSet(fields.title)
		? { longUrl, title: check.text(fields.title, FIELDS.title) }
		: { longUrl };
	if (isSet(fields.domain)) body.domain = check.uuid(fields.domain, FIELDS.domain);
	if (isSet(fields.path)) body.path = check.text(fields.path, FIELDS.path).trim();
	if (isSet(fields.expiredAt)) body.expiredAt = check.timestamp(fields.expiredAt, FIELDS.expiredAt);
	if (isSet(fields.tags)) body.tags = check.tags(fields.tags, FIELDS.tags);
	return extra ? { ...extra, ...body } : body;
}

/** Where an update's ID and changes come from, for error messages. */
export interface UpdateFieldNames {
	id: FieldName;
	changes: FieldName;
}

export const UPDATE_PARAMETERS: UpdateFieldNames = {
	id: FIELDS.id,
	changes: { label: 'Update Fields', parameter: 'updateFields' },
};

/**
 * Adds the changes of one update to `element` (every caller passes `{}`). The link's id goes in
 * front of them when they are sent (`sendingUpdates`), once the plan knows it: a row may name
 * its link by short URL or path (D14).
 */
export function withLinkChanges(
	element: IDataObject,
	fields: LinkUpdateFields,
	check: RowValidator,
	names: UpdateFieldNames = UPDATE_PARAMETERS,
	onUtmReplaced?: UtmReport,
): IDataObject {
	const { longUrl, title, expiredAt, tags } = fields;
	if (!isSet(longUrl) && !isSet(title) && !isSet(expiredAt) && !isSet(tags)) {
		check.fail(
			names.changes,
			'there is nothing to change: set at least one of longUrl, title, expiredAt, tags',
		);
	}
	if (isSet(longUrl)) element.longUrl = taggedLongUrl(fields, check, onUtmReplaced);
	if (isSet(title)) element.title = check.text(title, FIELDS.title);
	if (isSet(expiredAt)) element.expiredAt = check.timestamp(expiredAt, FIELDS.expiredAt);
	if (isSet(tags)) element.tags = check.tags(tags, FIELDS.tags);
	return element;
}

/** The Extra Body Fields, parsed and checked (the body's other fields are written over them). */
function extraFieldsOf(value: unknown, check: RowValidator): IDataObject {
	let parsed = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch {
			check.fail(FIELDS.extraFields, 'it is not valid JSON');
		}
	}
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		check.fail(FIELDS.extraFields, 'it must be a JSON object such as { "field": "value" }');
	}
	return parsed as IDataObject;
}
