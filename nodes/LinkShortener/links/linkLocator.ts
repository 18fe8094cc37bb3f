import type { IDisplayOptions, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';

import { FIELDS } from './linkBodies';
import { linkRefOf, type LinkRef } from './linkRefs';
import { UUID_FIELD_REGEX, type RowValidator } from '../fields/validation';
import type { Row } from '../http/request';

const SHORT_URL = { label: 'Link (by short URL)', parameter: 'linkId' };

/** The "Link" locator (Link > Get, Link > Update, Get Clicks, the trigger's Day Completed): from the list, by ID, or by short URL. */
export function linkLocator(
	displayOptions: IDisplayOptions,
	{
		required = true,
		description = 'The link to use: pick it from the list, give its ID, or paste its short URL',
	}: { required?: boolean; description?: string } = {},
): INodeProperties {
	return {
		displayName: 'Link',
		name: 'linkId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required,
		description,
		displayOptions,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a link...',
				typeOptions: { searchListMethod: 'searchLinks', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 3f1c6a3e-8a4b-4f4e-9a53-0f0d6a1c2b7e',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: UUID_FIELD_REGEX,
							errorMessage: 'Not a link ID: a link ID is a UUID',
						},
					},
				],
			},
			{
				displayName: 'By Short URL',
				name: 'url',
				type: 'string',
				placeholder: 'e.g. https://sho.rt/abc123',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^\\s*https?://[^/\\s]+/\\S+$',
							errorMessage: 'Not a short URL such as https://sho.rt/abc123',
						},
					},
				],
			},
		],
	};
}

/** The "Link" locator of a row. */
export function linkLocatorOf(row: Row): INodeParameterResourceLocator {
	return row.parameter<INodeParameterResourceLocator>('linkId', {
		__rl: true,
		mode: 'list',
		value: '',
	});
}

/** The "Link" locator's value as a link reference (D14), checked without a request. */
export function locatorRefOf(locator: INodeParameterResourceLocator, check: RowValidator): LinkRef {
	if (locator.mode === 'url') {
		return linkRefOf(check.httpUrl(locator.value, SHORT_URL), check, SHORT_URL);
	}
	return { kind: 'id', id: check.uuid(locator.value, FIELDS.id) };
}
