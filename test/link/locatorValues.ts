import type { INodeParameterResourceLocator } from 'n8n-workflow';

/** The "Link" locator's value given by ID or by short URL, as a saved workflow stores it. */
export const byId = (value: string): INodeParameterResourceLocator => ({
	__rl: true,
	mode: 'id',
	value,
});
export const byUrl = (value: string): INodeParameterResourceLocator => ({
	__rl: true,
	mode: 'url',
	value,
});
